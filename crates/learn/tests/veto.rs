//! `learn.veto`: it only ever turns good blocks bad, and either every marked block
//! ends bad (the marked ones held less than `max_share` of the kept characters) or no
//! label changes; with `always_above`, the blocks above it go whatever their share
//! unless nothing else would be kept, and a page that kept text keeps some;
//! `drop_comment_sections`, `drop_tables` and `drop_title` give pipelines that load,
//! the first with the preset's own comment words.

use pith_core::{Block, ContextPass, FeatureKey, FeatureTable, Label, PassContext, Pipeline};
use pith_learn::Veto;
use proptest::prelude::*;
// Link the stage crates the presets name.
use pith_declutter as _;
use pith_justext as _;
use pith_readability as _;

/// A page of blocks (text, value in column `x`, kept before the veto) run through
/// `veto`: the blocks, the labels before and the labels after.
fn run_veto(veto: &Veto, rows: &[(String, f64, bool)]) -> (Vec<Block>, Vec<Label>, Vec<Label>) {
    let blocks: Vec<Block> = rows
        .iter()
        .map(|(t, _, _)| Block {
            text: t.clone(),
            ..Block::default()
        })
        .collect();
    let mut features = FeatureTable::new();
    features.insert(FeatureKey::new("x"), rows.iter().map(|r| r.1).collect());
    let before: Vec<Label> = rows
        .iter()
        .map(|r| if r.2 { Label::Good } else { Label::Bad })
        .collect();
    let mut labels = before.clone();
    let ctx = PassContext {
        blocks: &blocks,
        features: &features,
        cf_labels: &before,
        document: None,
    };
    veto.revise(ctx, &mut labels).unwrap();
    (blocks, before, labels)
}

proptest! {
    #[test]
    fn the_veto_takes_all_marked_blocks_or_none(
        rows in prop::collection::vec(
            ("[a-z ]{0,40}", prop_oneof![Just(0.0f64), Just(1.0), Just(f64::NAN), 0.0f64..1.0], any::<bool>()),
            0..30,
        ),
        max_share in prop_oneof![Just(0.5f64), 0.0f64..1.5],
    ) {
        let veto = Veto { feature: "x".into(), above: 0.5, max_share, always_above: None };
        let (blocks, before, labels) = run_veto(&veto, &rows);
        let marked = |i: usize| rows[i].1 > 0.5;
        for i in 0..rows.len() {
            // Never a bad block made good, never an unmarked block touched.
            prop_assert!(labels[i] == before[i] || (marked(i) && labels[i] == Label::Bad));
        }
        let chars = |keep: &dyn Fn(usize) -> bool| -> usize {
            (0..rows.len())
                .filter(|&i| before[i] == Label::Good && keep(i))
                .map(|i| blocks[i].len_chars())
                .sum()
        };
        let (marked_chars, kept_chars) = (chars(&marked), chars(&|_| true));
        let vetoed = (0..rows.len()).all(|i| !marked(i) || labels[i] == Label::Bad);
        if (marked_chars as f64) < max_share * kept_chars as f64 || marked_chars == 0 {
            prop_assert!(vetoed);
        } else {
            prop_assert_eq!(&labels, &before);
        }
    }
}

proptest! {
    #[test]
    fn the_unguarded_veto_takes_its_blocks_but_never_the_whole_page(
        rows in prop::collection::vec(
            ("[a-z ]{0,40}", prop_oneof![Just(0.0f64), Just(1.0), Just(2.0), Just(f64::NAN), 0.0f64..3.0], any::<bool>()),
            0..30,
        ),
        max_share in prop_oneof![Just(0.5f64), 0.0f64..=1.0],
    ) {
        let veto = Veto { feature: "x".into(), above: 0.5, max_share, always_above: Some(1.5) };
        let (blocks, before, labels) = run_veto(&veto, &rows);
        let good_chars = |labels: &[Label], pick: &dyn Fn(usize) -> bool| -> usize {
            (0..rows.len())
                .filter(|&i| labels[i] == Label::Good && pick(i))
                .map(|i| blocks[i].len_chars())
                .sum()
        };
        for i in 0..rows.len() {
            // Never a bad block made good, never an unmarked block touched.
            prop_assert!(labels[i] == before[i] || (rows[i].1 > 0.5 && labels[i] == Label::Bad));
        }
        let beyond = |i: usize| rows[i].1 > 1.5;
        if good_chars(&before, &|i| !beyond(i)) > 0 {
            prop_assert!((0..rows.len()).all(|i| !beyond(i) || labels[i] == Label::Bad));
        }
        // A page that kept characters keeps some (with `max_share` above 1 the
        // guarded veto may take every block: "always", by its definition).
        if good_chars(&before, &|_| true) > 0 {
            prop_assert!(good_chars(&labels, &|_| true) > 0);
        }
    }
}

#[test]
fn every_preset_loads_with_the_comment_table_and_title_vetoes() {
    for name in ["justext", "declutter", "readability"] {
        let preset = pith_justext::presets::presets()
            .into_iter()
            .chain(pith_declutter::presets::presets())
            .chain(pith_readability::presets::presets())
            .chain(pith_learn::presets())
            .find(|p| p.name == name)
            .unwrap();
        let mut value: serde_json::Value = serde_json::from_str(preset.json).unwrap();
        pith_learn::veto::drop_comment_sections(&mut value).unwrap();
        pith_learn::veto::drop_tables(&mut value).unwrap();
        pith_learn::veto::drop_title(&mut value).unwrap();
        let pipeline = Pipeline::from_value(value).unwrap();
        let ex = pipeline
            .run_str("<body><div id='comments'><p>A reply.</p></div></body>")
            .unwrap();
        assert_eq!(ex.labels.len(), ex.blocks.len());
    }
    let mut pith: serde_json::Value = serde_json::from_str(pith_learn::presets::PITH_JSON).unwrap();
    pith_learn::veto::drop_comment_sections(&mut pith).unwrap();
    assert!(Pipeline::from_value(pith).is_ok());
    assert!(pith_learn::veto::drop_comment_sections(&mut serde_json::json!([])).is_err());
    // Twice is once (Python's `without_comments()` on a pipeline that has it).
    let mut once: serde_json::Value = serde_json::from_str(pith_learn::presets::PITH_JSON).unwrap();
    pith_learn::veto::drop_comment_sections(&mut once).unwrap();
    pith_learn::veto::drop_tables(&mut once).unwrap();
    pith_learn::veto::drop_title(&mut once).unwrap();
    let mut twice = once.clone();
    pith_learn::veto::drop_comment_sections(&mut twice).unwrap();
    pith_learn::veto::drop_tables(&mut twice).unwrap();
    pith_learn::veto::drop_title(&mut twice).unwrap();
    assert_eq!(once, twice);
    assert!(Pipeline::from_value(twice).is_ok());
}

/// `--no-comments` names comment sections with the words of the preset's own
/// `learn.in_comments` column: the two lists may not drift apart.
#[test]
fn the_veto_uses_the_preset_comment_words() {
    let base: serde_json::Value =
        serde_json::from_str(pith_learn::presets::PITH_BASE_JSON).unwrap();
    // A `learn.class_words` stage, or a set of a `learn.class_word_sets` stage.
    let column = (base["features"].as_array().unwrap().iter())
        .flat_map(|f| std::iter::once(f).chain(f["sets"].as_array().into_iter().flatten()))
        .find(|f| f["key"] == "learn.in_comments")
        .expect("the preset's comment column");
    let words: Vec<&str> = column["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(words, pith_learn::veto::COMMENT_WORDS);
}

/// The shipped `pith` preset, and the same without its veto on `feature`.
fn pith_with_and_without_veto(feature: &str) -> (Pipeline, Pipeline) {
    let shipped: serde_json::Value = serde_json::from_str(pith_learn::presets::PITH_JSON).unwrap();
    let mut trees_only = shipped.clone();
    let passes = trees_only["passes"].as_array_mut().unwrap();
    let at = (passes.iter())
        .position(|p| p["type"] == "learn.veto" && p["feature"] == feature)
        .unwrap_or_else(|| panic!("the pith preset has no veto on {feature}"));
    passes.remove(at);
    (
        Pipeline::from_value(shipped).unwrap(),
        Pipeline::from_value(trees_only).unwrap(),
    )
}

/// The text `pipeline` keeps of `page`, a block a line.
fn kept_text(pipeline: &Pipeline, page: &str) -> String {
    pipeline.run_str(page).unwrap().good_text("\n")
}

/// Five paragraphs of one sentence, the article of the pages below.
fn article() -> String {
    let sentence = "The council said on Tuesday that the new footbridge over the river would \
                    open in the spring, after two years of work by volunteers and engineers \
                    from the town, and that the old crossing would be kept.";
    (0..5).map(|_| format!("<p>{sentence}</p>")).collect()
}

/// The `pith` preset ends with a veto on its `learn.byline` column: a byline (an
/// element whose `class`, `rel` or `itemprop` names an author or a publication date,
/// or one inside it) goes whatever the trees judged, and the article stays; an element
/// so named around the whole article takes nothing (the share guard). The preset
/// without its veto keeps each of these bylines: were a retraining to change that, the
/// pages here would need bylines the new trees keep, or the test would no longer show
/// that the veto is what drops them.
#[test]
fn the_pith_preset_drops_bylines_and_not_the_article() {
    let (with_veto, trees_only) = pith_with_and_without_veto("learn.byline");
    let article = article();
    for byline in [
        "<p class='byline'>By Jane Doe, Valley News, 3 March 2024</p>",
        "<div class='post-author'>By Jane Doe</div><div class='post-date'>3 March 2024</div>",
        "<p class='author'>Jane Doe is a reporter for Valley News who has covered the town \
         council for ten years.</p>",
        "<span itemprop='author'>Jane Doe</span> <time itemprop='datePublished'>3 March \
         2024</time>",
    ] {
        let page = format!(
            "<html><head><title>Footbridge to reopen</title></head><body><nav><a href='/'>\
             Home</a> <a href='/news'>News</a></nav><article><h1>Footbridge to reopen</h1>\
             {byline}{article}</article><footer>Copyright 2024</footer></body></html>"
        );
        let kept = kept_text(&trees_only, &page);
        assert!(kept.contains("Jane Doe"), "the trees keep {byline}: {kept}");
        let kept = kept_text(&with_veto, &page);
        assert!(!kept.contains("Jane Doe"), "{byline}: {kept}");
        assert_eq!(kept.matches("The council said").count(), 5, "{kept}");
    }
    let wrapped = format!(
        "<html><body><div class='entry-author-content'><h1>Footbridge to reopen</h1>\
         <p class='byline'>By Jane Doe</p>{article}</div><footer>Copyright 2024</footer>\
         </body></html>"
    );
    let kept = kept_text(&with_veto, &wrapped);
    assert_eq!(kept, kept_text(&trees_only, &wrapped));
    assert_eq!(kept.matches("The council said").count(), 5, "{kept}");
}

/// The `pith` preset also vetoes the text of `<nav>` elements (its
/// `learn.inside_nav_element` column): HTML's element for a section of navigation
/// links, whose text the development golds leave out. The trees alone keep a `<nav>`
/// between an article's headline and its text, the place where Wikipedia's current skin
/// (Vector 2022) puts its page-tools menus, whose headings ("Tools", "Actions") stay
/// once their links are gone, or a table of contents with a line of its own; the veto
/// drops them. A page whose article is itself inside a `<nav>` keeps it (the share
/// guard). Were a retraining to make the trees drop these menus, the pages here would
/// need navigation the new trees keep, or the test would no longer show that the veto
/// is what drops it.
#[test]
fn the_pith_preset_drops_navigation_and_not_the_article() {
    let (with_veto, trees_only) = pith_with_and_without_veto("learn.inside_nav_element");
    let article = article();
    for (nav, marker) in [
        ("<nav><div>Tools</div><div>Actions</div></nav>", "Tools"),
        (
            "<nav><h2>In this story</h2><p>Read how the volunteers raised the money for the \
             bridge and what the engineers found in the old piers.</p></nav>",
            "In this story",
        ),
    ] {
        let page = format!(
            "<html><head><title>Footbridge to reopen</title></head><body><article>\
             <h1>Footbridge to reopen</h1>{nav}{article}</article><footer>Copyright 2024\
             </footer></body></html>"
        );
        let kept = kept_text(&trees_only, &page);
        assert!(kept.contains(marker), "the trees keep {nav}: {kept}");
        let kept = kept_text(&with_veto, &page);
        assert!(!kept.contains(marker), "{nav}: {kept}");
        assert!(kept.starts_with("Footbridge to reopen\n"), "{kept}");
        assert_eq!(kept.matches("The council said").count(), 5, "{kept}");
    }
    let in_nav = format!("<html><body><nav><h1>Footbridge</h1>{article}</nav></body></html>");
    let kept = kept_text(&with_veto, &in_nav);
    assert_eq!(kept, kept_text(&trees_only, &in_nav));
    assert_eq!(kept.matches("The council said").count(), 5, "{kept}");
}
