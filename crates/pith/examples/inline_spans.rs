//! Counts, over folders of pages, what the `pith` preset's Markdown reads of inline
//! spans: good blocks with spans of each kind, and good blocks whose text their text
//! nodes do not give back (written flat, [`pith::inline`]). Run in release:
//!
//! ```sh
//! cargo run --release -p pith --example inline_spans -- [--preset NAME] DIR/html ...
//! ```

use pith::inline::{read_spans, InlineKind};
use pith::shape::{block_shape, BlockKind};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let name = match args.first().map(String::as_str) {
        Some("--preset") if args.len() > 1 => args.drain(..2).nth(1).expect("a name"),
        _ => "pith".to_owned(),
    };
    let pipeline = pith::preset(&name).expect("a preset");
    for dir in args {
        let mut counts = Counts::default();
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .expect("a folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("a page");
            let Ok((ex, doc)) = pipeline.run_bytes_and_tree(&bytes, pipeline.decode_options())
            else {
                continue;
            };
            counts.page(&ex, &read_spans(&ex, &doc));
        }
        println!("{dir}: {counts:?}");
    }
}

/// Good blocks and pages, with spans of each kind ([`InlineKind::index`]) and flat;
/// all blocks and those flat.
#[derive(Debug, Default)]
struct Counts {
    all_blocks: usize,
    all_flat: usize,
    pages: usize,
    pages_with: [usize; 4],
    good_blocks: usize,
    preformatted: usize,
    flat: usize,
    blocks_with: [usize; 4],
}

impl Counts {
    /// Counts one page's good blocks.
    fn page(&mut self, ex: &pith::Extraction, read: &[Option<Vec<pith::inline::InlineSpan>>]) {
        self.pages += 1;
        let mut page = [false; 4];
        for (i, block) in ex.good_blocks_indexed() {
            self.good_blocks += 1;
            if block_shape(block).kind == BlockKind::Preformatted || block.preformatted.is_some() {
                self.preformatted += 1;
                continue;
            }
            let Some(spans) = &read[i] else {
                self.flat += 1;
                continue;
            };
            for kind in InlineKind::ALL {
                if spans.iter().any(|s| s.kind == kind) {
                    self.blocks_with[kind.index()] += 1;
                    page[kind.index()] = true;
                }
            }
        }
        for (n, with) in self.pages_with.iter_mut().zip(page) {
            *n += usize::from(with);
        }
        // Every block, good or not: how many the tree does not give back.
        self.all_blocks += ex.blocks.len();
        self.all_flat += (ex.blocks.iter().zip(read))
            .filter(|(b, r)| r.is_none() && b.preformatted.is_none())
            .filter(|(b, _)| block_shape(b).kind != BlockKind::Preformatted)
            .count();
    }
}
