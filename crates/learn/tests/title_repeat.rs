//! `learn.title_repeat` (the column of `--no-title`): its value is a share, in [0, 1];
//! a block that is the title, or its longest part, in any case, has all of it; a block
//! with more than a quarter of its words outside the title has none; and through a
//! whole pipeline the title comes from the page as parsed, so `--no-title` takes the
//! headline with jusText's presets too, whose cleaning drops `<head>`.

use pith_core::{Block, Feature, FeatureTable, Label, Pipeline};
use pith_learn::TitleRepeat;
use proptest::prelude::*;
// Link the stage crates the presets name.
use pith_declutter as _;
use pith_readability as _;

/// The column of `blocks` under a page titled `title`.
fn values(title: &str, blocks: &[&str]) -> Vec<f64> {
    let blocks: Vec<Block> = blocks
        .iter()
        .map(|t| Block {
            text: t.to_string(),
            ..Block::default()
        })
        .collect();
    let table = FeatureTable::for_page(None, Some(title.to_owned()));
    TitleRepeat {}.compute(&blocks, &table).unwrap()
}

fn word() -> impl Strategy<Value = String> {
    "[a-zA-Zé]{1,8}"
}

proptest! {
    #[test]
    fn the_value_is_a_share(title in "\\PC{0,60}", block in "\\PC{0,60}") {
        let v = values(&title, &[&block])[0];
        prop_assert!((0.0..=1.0).contains(&v), "{v}");
    }

    #[test]
    fn the_headline_has_all_of_it_in_any_case(
        headline in prop::collection::vec(word(), 1..8),
        site in prop::collection::vec(word(), 0..4),
    ) {
        let headline = headline.join(" ");
        let title = if site.is_empty() {
            headline.clone()
        } else {
            format!("{headline} | {}", site.join(" "))
        };
        let v = values(&title, &[&title, &title.to_uppercase()]);
        prop_assert_eq!(&v, &vec![1.0, 1.0]);
        // The headline alone: all of the longest part, unless the site's name has more
        // distinct words (then it has its share of the whole title).
        let distinct = |words: &[String]| {
            let mut w: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
            w.sort();
            w.dedup();
            w.len()
        };
        let words: Vec<String> = headline.split(' ').map(str::to_owned).collect();
        let h = values(&title, &[&headline])[0];
        if distinct(&site) > distinct(&words) {
            prop_assert!(h > 0.0, "{h}");
        } else {
            prop_assert_eq!(h, 1.0);
        }
    }

    #[test]
    fn a_block_mostly_of_other_words_has_none(
        title in prop::collection::vec(word(), 1..8),
        others in prop::collection::vec("[0-9]{1,4}", 1..6),
    ) {
        let title = title.join(" ");
        // Digits are never title words here: the block's own words are at least
        // half of its distinct words when it adds as many as the title has.
        let mut block: Vec<String> = title.split(' ').map(str::to_owned).collect();
        let mut distinct: Vec<String> = block.iter().map(|w| w.to_lowercase()).collect();
        distinct.sort();
        distinct.dedup();
        let own: Vec<String> = others.iter().enumerate().map(|(i, o)| format!("{o}x{i}")).collect();
        if own.len() * 3 > distinct.len() {
            block.extend(own);
            prop_assert_eq!(values(&title, &[&block.join(" ")]), vec![0.0]);
        }
    }
}

/// Through a jusText preset (whose cleaning drops `<head>`), the headline goes with
/// `drop_title` and the article stays.
#[test]
fn the_veto_takes_the_headline_with_a_justext_preset() {
    let preset = pith_justext::presets::presets()
        .into_iter()
        .find(|p| p.name == "justext4-permissive")
        .unwrap();
    let sentence = "The council said on Tuesday that the new footbridge over the river \
                    would open in the spring, after two years of work by volunteers.";
    let article: String = (0..4).map(|_| format!("<p>{sentence}</p>")).collect();
    let html = format!(
        "<html><head><title>Footbridge to reopen – Valley News</title></head>\
         <body><h1>Footbridge to reopen</h1>{article}</body></html>"
    );
    let mut value: serde_json::Value = serde_json::from_str(preset.json).unwrap();
    let plain = Pipeline::from_value(value.clone()).unwrap();
    pith_learn::veto::drop_title(&mut value).unwrap();
    let without = Pipeline::from_value(value).unwrap();
    let kept = |p: &Pipeline| -> Vec<String> {
        let ex = p.run_str(&html).unwrap();
        ex.blocks
            .iter()
            .zip(&ex.labels)
            .filter(|(_, l)| **l == Label::Good)
            .map(|(b, _)| b.text.clone())
            .collect()
    };
    let all = kept(&plain);
    assert_eq!(
        all.first().map(String::as_str),
        Some("Footbridge to reopen"),
        "{all:?}"
    );
    let rest = kept(&without);
    assert_eq!(rest, all[1..].to_vec());
    assert_eq!(rest.len(), 4);
}
