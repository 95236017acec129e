//! The jusText presets: pipelines built in code here, and the same pipelines as JSON
//! files in `presets/` (embedded). A test checks that each file equals its builder, so
//! the files users read are the pipelines that run.

use pith_core::{
    preset, ContextFreeRule, ContextPass, Feature, Label, LanguageOptions, PipelineSpec, Preset,
    PIPELINE_VERSION,
};
use pith_dom::decode::DecodeOptions;
use pith_dom::ParseLimits;

use crate::clean::JustextClean;
use crate::features::{
    Heading, HeadingMatch, Length, LinkDensity, StopwordsCount, StopwordsDensity, WordSplit,
    WordsCount, AUTO,
};
use crate::passes::{EdgeRule, GoodHeadings, MoreGoodHeadings, ReviseNearGood, ReviseShort};
use crate::rules::{
    Copyright, Headline, ImageParagraph, LengthLow, MaxLinkDensity, SelectMatch, SelectPath,
    StopwordsHigh, StopwordsLow,
};
use crate::segment::Paragraphs;

/// jusText's parameters, with its names.
#[derive(Clone, Debug, PartialEq)]
pub struct JustextParams {
    /// Stoplist reference (`"English"`, `"none"`, `"auto"`, a path). With `"auto"`
    /// the builder also counts words script-aware (`split: "script"`).
    pub stoplist: String,
    /// Shorter paragraphs are short (70).
    pub length_low: usize,
    /// Longer content-like paragraphs are good (200).
    pub length_high: usize,
    /// Stop-word density from which a paragraph may be content (0.30).
    pub stopwords_low: f64,
    /// Stop-word density from which a paragraph is content-like (0.32).
    pub stopwords_high: f64,
    /// Largest link density of content (0.2).
    pub max_link_density: f64,
    /// Characters between a heading and the good paragraph it introduces (200).
    pub max_heading_distance: usize,
    /// Treat no paragraph as a heading (false).
    pub no_headings: bool,
    /// jusText 4's bound on neighbour searches, in paragraphs (none in 3.0.2).
    pub max_good_distance: Option<usize>,
}

impl Default for JustextParams {
    fn default() -> Self {
        JustextParams {
            stoplist: "English".into(),
            length_low: 70,
            length_high: 200,
            stopwords_low: 0.30,
            stopwords_high: 0.32,
            max_link_density: 0.2,
            max_heading_distance: 200,
            no_headings: false,
            max_good_distance: None,
        }
    }
}

/// What a Han, Hiragana or Katakana character counts for in `justext.length` when the
/// stoplist is `"auto"` (decision 0010).
pub const SPACELESS_WEIGHT: f64 = 3.0;

/// Which jusText line a pipeline follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Python jusText 3.0.2, quirks included.
    Python302,
    /// jusText 4 (corpus.tools): 3.0.2's stages, pass 1 working, bounded neighbour search.
    Justext4,
    /// The Java port (justext-java 0.2.5).
    Java,
}

/// Builds a jusText pipeline spec.
pub fn justext_spec(p: &JustextParams, variant: Variant) -> PipelineSpec {
    let java = variant == Variant::Java;
    let clean = if java {
        JustextClean {
            kill: ["head", "meta", "title", "script", "style"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            unwrap: Vec::new(),
        }
    } else {
        JustextClean::default()
    };
    let features: Vec<Box<dyn Feature>> = vec![
        Box::new(Length {
            spaceless_weight: if p.stoplist == AUTO {
                SPACELESS_WEIGHT
            } else {
                1.0
            },
        }),
        Box::new(LinkDensity {}),
        Box::new(WordsCount {
            split: if p.stoplist == AUTO {
                WordSplit::Script
            } else {
                WordSplit::Python
            },
        }),
        Box::new(StopwordsCount::new(&p.stoplist)),
        Box::new(StopwordsDensity {}),
        Box::new(Heading::new(p.no_headings, HeadingMatch::WordBoundary)),
    ];
    let mut rules: Vec<Box<dyn ContextFreeRule>> = Vec::new();
    if java {
        rules.push(Box::new(ImageParagraph {}));
    }
    rules.push(Box::new(MaxLinkDensity {
        max_link_density: p.max_link_density,
    }));
    rules.push(Box::new(Copyright {
        entity: if java { "&copy;" } else { "&copy" }.into(),
    }));
    if java {
        rules.push(Box::new(Headline::default()));
    }
    rules.push(Box::new(SelectPath {
        matching: if java {
            SelectMatch::PathSegmentPrefix
        } else {
            SelectMatch::Substring
        },
    }));
    rules.push(Box::new(LengthLow {
        length_low: p.length_low,
    }));
    rules.push(Box::new(StopwordsHigh {
        stopwords_high: p.stopwords_high,
        length_high: p.length_high,
    }));
    rules.push(Box::new(StopwordsLow {
        stopwords_low: p.stopwords_low,
    }));
    let passes: Vec<Box<dyn ContextPass>> = vec![
        Box::new(GoodHeadings {
            max_heading_distance: p.max_heading_distance,
            reproduce_3_0_2_bug: variant == Variant::Python302,
        }),
        Box::new(ReviseShort {
            max_good_distance: p.max_good_distance,
            edge: if java {
                EdgeRule::Java
            } else {
                EdgeRule::Python
            },
        }),
        Box::new(ReviseNearGood {
            max_good_distance: p.max_good_distance,
        }),
        Box::new(MoreGoodHeadings {
            max_heading_distance: p.max_heading_distance,
            require_cf_not_bad: !java,
        }),
    ];
    PipelineSpec {
        version: PIPELINE_VERSION,
        name: None,
        description: None,
        decode: DecodeOptions::default(),
        parse: ParseLimits::default(),
        language: LanguageOptions::default(),
        tree: vec![Box::new(clean)],
        segmenter: Box::new(Paragraphs {
            br_inserts_space: !java,
            image_blocks: java,
        }),
        features,
        rules,
        default_label: Label::Bad,
        passes,
    }
}

fn jt4(
    length_low: usize,
    length_high: usize,
    stopwords_low: f64,
    stopwords_high: f64,
    max_link_density: f64,
    max_good_distance: usize,
    max_heading_distance: usize,
) -> JustextParams {
    JustextParams {
        length_low,
        length_high,
        stopwords_low,
        stopwords_high,
        max_link_density,
        max_good_distance: Some(max_good_distance),
        max_heading_distance,
        ..JustextParams::default()
    }
}

/// Every jusText preset.
pub fn presets() -> Vec<Preset> {
    vec![
        preset!(
            "justext",
            "Python jusText 3.0.2 exactly, quirks included (default parameters)",
            justext_spec(&JustextParams::default(), Variant::Python302)
        ),
        preset!(
            "justext4-very-strict",
            "jusText 4 'very strict' (its default): 70/200/0.3/0.32/0.2, max_good_distance 5, heading distance 150",
            justext_spec(&jt4(70, 200, 0.3, 0.32, 0.2, 5, 150), Variant::Justext4)
        ),
        preset!(
            "justext4-strict",
            "jusText 4 'strict' (web-crawl default): 70/140/0.2/0.3/0.4, max_good_distance 5, heading distance 150",
            justext_spec(&jt4(70, 140, 0.2, 0.3, 0.4, 5, 150), Variant::Justext4)
        ),
        preset!(
            "justext4-balanced",
            "jusText 4 'balanced' (low-resource languages): 50/140/0.2/0.3/0.4, max_good_distance 5, heading distance 200",
            justext_spec(&jt4(50, 140, 0.2, 0.3, 0.4, 5, 200), Variant::Justext4)
        ),
        preset!(
            "justext4-permissive",
            "jusText 4 'permissive' (rare languages): 40/90/0.2/0.3/0.45, max_good_distance 10, heading distance 300",
            justext_spec(&jt4(40, 90, 0.2, 0.3, 0.45, 10, 300), Variant::Justext4)
        ),
        preset!(
            "justext4-boilernet2017",
            "jusText 4 tuned on GoogleTrends-2017: 57/98/0.16/0.25/0.42, max_good_distance 5, heading distance 243",
            justext_spec(&jt4(57, 98, 0.16, 0.25, 0.42, 5, 243), Variant::Justext4)
        ),
        preset!(
            "justext-java",
            "the Java port (justext-java 0.2.5): its cleaning, rules and revision edge cases",
            justext_spec(&JustextParams::default(), Variant::Java)
        ),
    ]
}

/// The `stoplist` of every `justext.stopwords_count` of a pipeline given as JSON (the
/// field's default, `English`, where the file leaves it out).
fn stoplists_of(pipeline: &serde_json::Value) -> Vec<&str> {
    let features = pipeline
        .get("features")
        .and_then(serde_json::Value::as_array);
    features
        .into_iter()
        .flatten()
        .filter(|f| {
            f.get("type").and_then(serde_json::Value::as_str) == Some("justext.stopwords_count")
        })
        .map(|f| {
            f.get("stoplist")
                .and_then(serde_json::Value::as_str)
                .unwrap_or("English")
        })
        .collect()
}

/// The stoplist `arg` names where a user sets one (`-s ARG`, `pith eval --set
/// stoplist=ARG`, Python's `with_params(stoplist=ARG)`): `auto`, a file, or a built-in
/// stoplist's name as given; otherwise a language's code (`en`, `pt-BR`: the codes
/// `auto` identifies pages by, and what trafilatura's `target_language` takes) for its
/// language's stoplist, or a built-in name in other letter case (`english`) for that
/// name. Anything else is left as given, for the stage to refuse with its suggestions.
///
/// ```
/// use pith_justext::presets::stoplist_name;
/// assert_eq!(stoplist_name("en"), "English");
/// assert_eq!(stoplist_name("english"), "English");
/// assert_eq!(stoplist_name("Englsh"), "Englsh");
/// ```
pub fn stoplist_name(arg: &str) -> String {
    if arg.eq_ignore_ascii_case(AUTO) || pith_stoplists::resolve(arg).is_ok() {
        return arg.to_owned();
    }
    if let Some(name) = pith_lang::by_code(arg).and_then(|l| l.stoplist) {
        return name.to_owned();
    }
    let names = pith_stoplists::names().chain(pith_stoplists::extra_names());
    let same_letters: Vec<&str> = names.filter(|n| n.eq_ignore_ascii_case(arg)).collect();
    match same_letters[..] {
        [name] => name.to_owned(),
        _ => arg.to_owned(),
    }
}

/// Sets the stoplist of every `justext.stopwords_count` in a pipeline given as JSON
/// (what `-s NAME` does), and the counting of every `justext.words_count` and
/// `justext.length` to match: for `"auto"`, `"Chinese"` and `"Japanese"` script-aware
/// words (`split: "script"`) and lengths (`spaceless_weight: 3`), jusText's otherwise.
/// A pipeline whose counters already use `stoplist` is left as its file has it (`-s
/// auto` on the `pith` preset changes nothing: its trees were fitted on its counting).
/// Returns how many stop-word counters were set. The stoplist is named as
/// [`stoplist_name`] reads names (`en` for `English`).
///
/// ```
/// let json = pith_justext::presets()[0].json;
/// let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
/// assert_eq!(pith_justext::presets::use_stoplist(&mut value, "auto"), 1);
/// let text = value.to_string();
/// assert!(text.contains(r#""stoplist":"auto""#) && text.contains(r#""split":"script""#));
/// ```
pub fn use_stoplist(pipeline: &mut serde_json::Value, stoplist: &str) -> usize {
    let stoplist = stoplist_name(stoplist);
    let stoplist = stoplist.as_str();
    // A pipeline that already uses this stoplist is left as its file has it: the
    // `pith` preset's trees were fitted on its own counting (`-s auto` on it is a no-op).
    let lists = stoplists_of(pipeline);
    if !lists.is_empty() && lists.iter().all(|&list| list == stoplist) {
        return lists.len();
    }
    // Chinese and Japanese, pith's own lists, are lists of characters: their words
    // are counted as `auto` counts them on such pages.
    let script_aware = stoplist == AUTO || pith_stoplists::is_character_list(stoplist);
    let mut set = 0;
    let features = pipeline
        .get_mut("features")
        .and_then(serde_json::Value::as_array_mut);
    for feature in features.into_iter().flatten() {
        let Some(map) = feature.as_object_mut() else {
            continue;
        };
        match map.get("type").and_then(serde_json::Value::as_str) {
            Some("justext.stopwords_count") => {
                map.insert("stoplist".into(), stoplist.into());
                set += 1;
            }
            Some("justext.length") => {
                if script_aware {
                    map.insert("spaceless_weight".into(), SPACELESS_WEIGHT.into());
                } else {
                    map.remove("spaceless_weight");
                }
            }
            Some("justext.words_count") => {
                if script_aware {
                    map.insert("split".into(), "script".into());
                } else {
                    map.remove("split");
                }
            }
            _ => {}
        }
    }
    set
}
