//! "Did you mean" suggestions for unknown stoplist names.

/// At most this many suggestions are returned.
pub(crate) const MAX_SUGGESTIONS: usize = 5;

/// Lower-cases `name` and treats spaces and hyphens like the underscores the
/// built-in names use (`"simple english"` → `"simple_english"`).
fn normalize(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| if c == ' ' || c == '-' { '_' } else { c })
        .collect::<String>()
        .to_lowercase()
}

/// Optimal-string-alignment distance (Levenshtein plus transposition of two
/// adjacent characters), over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[k][j]: distance between a[..i-2+k] and b[..j], for the last 3 rows.
    let mut two_back: Vec<usize> = vec![0; b.len() + 1];
    let mut one_back: Vec<usize> = (0..=b.len()).collect();
    let mut current: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (one_back[j] + 1)
                .min(current[j - 1] + 1)
                .min(one_back[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(two_back[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut two_back, &mut one_back);
        std::mem::swap(&mut one_back, &mut current);
    }
    one_back[b.len()]
}

/// Ranks `candidates` as suggestions for `query`; see [`crate::close_names`].
pub(crate) fn close_names<'a>(
    query: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Vec<&'a str> {
    let query = normalize(query);
    if query.is_empty() {
        return Vec::new();
    }
    let query_len = query.chars().count();
    // Typos allowed: 1 for short names, about one per three characters above.
    let max_distance = (query_len / 3).max(1);

    // (tier, distance, name): lower sorts first.
    let mut ranked: Vec<(u8, usize, &'a str)> = candidates
        .filter_map(|name| {
            let normalized = normalize(name);
            let distance = edit_distance(&query, &normalized);
            let tier = if normalized == query {
                0
            } else if distance <= max_distance {
                1
            } else if query_len >= 3 && normalized.starts_with(&query) {
                2
            } else if query_len >= 4 && normalized.contains(&query) {
                3
            } else {
                return None;
            };
            Some((tier, distance, name))
        })
        .collect();
    ranked.sort_unstable();
    ranked
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, _, name)| name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("englsh", "english"), 1);
        assert_eq!(edit_distance("engilsh", "english"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("čeština", "cestina"), 2);
    }

    #[test]
    fn normalization() {
        assert_eq!(normalize(" Simple English "), "simple_english");
        assert_eq!(normalize("West-Frisian"), "west_frisian");
    }
}
