//! `Extraction::cf_rules` and `Extraction::revised_by` (what `pith explain` shows) agree
//! with the pipeline: the named rule is the first that answers and gave the cf label,
//! no rule answers where the default label applied, and a block no pass changed keeps
//! its cf label. Checked on every golden page with every preset.

use std::path::Path;

fn golden_pages() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut pages: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().join("input.html"))
        .filter(|p| p.is_file())
        .collect();
    pages.sort();
    assert!(pages.len() > 30);
    pages.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

#[test]
fn the_recorded_rule_and_pass_are_the_ones_that_decided() {
    let pages = golden_pages();
    let (mut by_rule, mut by_default, mut revised) = (0, 0, 0);
    for preset in pith::presets() {
        let pipeline = pith::preset(preset.name).unwrap();
        let spec = pipeline.spec();
        for page in &pages {
            let ex = pipeline.run_bytes(page).unwrap();
            assert_eq!(ex.cf_rules.len(), ex.blocks.len());
            assert_eq!(ex.revised_by.len(), ex.blocks.len());
            for (i, block) in ex.blocks.iter().enumerate() {
                let answers: Vec<_> = spec
                    .rules
                    .iter()
                    .map(|r| r.classify(block, ex.features.row(i)))
                    .collect();
                let first = answers.iter().position(Option::is_some);
                assert_eq!(ex.cf_rules[i], first, "{}: block {i}", preset.name);
                match first {
                    Some(r) => {
                        assert_eq!(answers[r], Some(ex.cf_labels[i]));
                        by_rule += 1;
                    }
                    None => {
                        assert_eq!(ex.cf_labels[i], spec.default_label);
                        by_default += 1;
                    }
                }
                match ex.revised_by[i] {
                    None => assert_eq!(ex.labels[i], ex.cf_labels[i]),
                    Some(p) => {
                        assert!(p < spec.passes.len());
                        revised += 1;
                    }
                }
            }
        }
    }
    // The pages exercise all three cases.
    assert!(
        by_rule > 0 && by_default > 0 && revised > 0,
        "{by_rule} {by_default} {revised}"
    );
}
