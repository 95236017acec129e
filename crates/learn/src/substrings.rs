//! Which texts occur inside one long text, each answered in time linear in the text
//! asked about: a suffix automaton of the long text (Blumer et al.'s construction, as
//! in any string-algorithms text), built once.
//!
//! `learn.title_match` asks, for every block, whether the block's text occurs in the
//! page's `<title>`. A title is usually a line, and searching it directly costs little;
//! but a page can carry a title of many kilobytes (a keyword list, or markup swallowed by
//! a `<title>` that never ends), and searching it once per block made the feature cost
//! blocks × title bytes: 5.5 s for a page of 20,000 paragraphs under a 150 KB title.
//! With the automaton, the same page costs the title once and each block its own length.

/// The suffix automaton of a byte string: every substring of the string, and only
/// those, is a path from the start state.
pub struct Substrings {
    /// Each state's transitions, sorted by byte.
    next: Vec<Vec<(u8, u32)>>,
    /// Each state's suffix link (`u32::MAX` for the start state).
    link: Vec<u32>,
    /// The length of each state's longest string.
    len: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Substrings {
    /// The automaton of `text` (at most `u32::MAX / 2` bytes).
    pub fn of(text: &[u8]) -> Substrings {
        let mut sa = Substrings {
            next: Vec::with_capacity(2 * text.len() + 1),
            link: Vec::with_capacity(2 * text.len() + 1),
            len: Vec::with_capacity(2 * text.len() + 1),
        };
        sa.push(0, NONE, Vec::new());
        let mut last = 0u32;
        for &c in text {
            let cur = sa.push(sa.len[last as usize] + 1, NONE, Vec::new());
            let mut p = last;
            while p != NONE && sa.step(p, c).is_none() {
                sa.set(p, c, cur);
                p = sa.link[p as usize];
            }
            if p == NONE {
                sa.link[cur as usize] = 0;
            } else {
                let q = sa.step(p, c).expect("found above");
                if sa.len[p as usize] + 1 == sa.len[q as usize] {
                    sa.link[cur as usize] = q;
                } else {
                    let moved = sa.next[q as usize].clone();
                    let clone = sa.push(sa.len[p as usize] + 1, sa.link[q as usize], moved);
                    while p != NONE && sa.step(p, c) == Some(q) {
                        sa.set(p, c, clone);
                        p = sa.link[p as usize];
                    }
                    sa.link[q as usize] = clone;
                    sa.link[cur as usize] = clone;
                }
            }
            last = cur;
        }
        sa
    }

    /// Whether `bytes`, each mapped by `fold`, occur together in the text (the empty
    /// string does).
    pub fn contains_folded(&self, bytes: &[u8], fold: impl Fn(u8) -> u8) -> bool {
        let mut state = 0u32;
        for &b in bytes {
            match self.step(state, fold(b)) {
                Some(next) => state = next,
                None => return false,
            }
        }
        true
    }

    fn push(&mut self, len: u32, link: u32, next: Vec<(u8, u32)>) -> u32 {
        self.len.push(len);
        self.link.push(link);
        self.next.push(next);
        (self.len.len() - 1) as u32
    }

    fn step(&self, state: u32, c: u8) -> Option<u32> {
        let next = &self.next[state as usize];
        next.binary_search_by_key(&c, |&(b, _)| b)
            .ok()
            .map(|i| next[i].1)
    }

    fn set(&mut self, state: u32, c: u8, to: u32) {
        let next = &mut self.next[state as usize];
        match next.binary_search_by_key(&c, |&(b, _)| b) {
            Ok(i) => next[i].1 = to,
            Err(i) => next.insert(i, (c, to)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_automaton_knows_exactly_the_substrings(
            text in "[abc ]{0,40}",
            probes in prop::collection::vec("[abcd ]{0,6}", 0..30),
        ) {
            let sa = Substrings::of(text.as_bytes());
            for probe in &probes {
                prop_assert_eq!(
                    sa.contains_folded(probe.as_bytes(), |b| b),
                    text.contains(probe.as_str()),
                    "{:?} in {:?}", probe, text
                );
            }
            // Every substring of the text is found.
            for i in 0..text.len() {
                for j in i..=text.len() {
                    prop_assert!(sa.contains_folded(&text.as_bytes()[i..j], |b| b));
                }
            }
        }
    }

    #[test]
    fn folding_maps_the_bytes_asked_about() {
        let sa = Substrings::of(b"breaking news - the daily");
        assert!(sa.contains_folded(b"NEWS - The", |b| b.to_ascii_lowercase()));
        assert!(!sa.contains_folded(b"NEWS - The", |b| b));
        assert!(!sa.contains_folded(b"news today", |b| b));
    }
}
