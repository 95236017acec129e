//! Hostile and broken pages (issue: "no page can hang pith or make it drop text"), at
//! sizes that keep a debug test run short. `scripts/hostile_pages.py` runs the same
//! shapes at full size against the release binary and prints the times.

const PARAGRAPH: &str = "The quick brown fox jumps over the lazy dog, and this is the sort \
of sentence that is full of the words which we would call stop words in English, as it \
has to be long enough for the algorithm to think that it is good text and not a menu.";

fn extract(bytes: &[u8]) -> pith::Extraction {
    pith::preset("justext").unwrap().run_bytes(bytes).unwrap()
}

fn page(body: &str) -> String {
    format!("<html><body>{body}</body></html>")
}

#[test]
fn empty_and_blank_pages_give_no_paragraphs() {
    for input in ["", " ", "\n\t\r\n  ", "<!-- only a comment -->"] {
        let ex = extract(input.as_bytes());
        assert!(ex.blocks.is_empty(), "{input:?}");
    }
}

#[test]
fn random_bytes_do_not_crash() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes: Vec<u8> = (0..200_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    let ex = extract(&bytes);
    assert_eq!(ex.labels.len(), ex.blocks.len());
}

#[test]
fn nul_and_vertical_tab_inside_a_paragraph_keep_it_good() {
    let text = PARAGRAPH
        .replace("lazy dog", "lazy\0dog")
        .replace("stop words", "stop\u{b}words");
    let ex = extract(page(&format!("<p>{text}</p>")).as_bytes());
    let good = ex.good_text("\n");
    assert!(
        good.starts_with("The quick brown fox jumps over the lazy"),
        "{good:?}"
    );
    assert!(good.contains("dog, and this"));
    assert!(
        good.contains("stop words"),
        "vertical tab is whitespace: {good:?}"
    );
}

#[test]
fn a_paragraph_inside_an_element_with_100000_attributes_stays_good() {
    let attrs: Vec<String> = (0..100_000).map(|i| format!("data-a{i}=\"v\"")).collect();
    let html = page(&format!(
        "<div {}><p>{PARAGRAPH}</p></div>",
        attrs.join(" ")
    ));
    let ex = extract(html.as_bytes());
    assert_eq!(ex.good_text("\n"), PARAGRAPH);
    assert!(ex
        .diagnostics
        .notes
        .iter()
        .any(|n| n.starts_with("max_attributes 1000: 99000")));
}

#[test]
fn a_big_page_of_many_paragraphs_keeps_them_all() {
    let n = 2_000;
    let body: String = (0..n)
        .map(|i| format!("<p>{i} {PARAGRAPH}</p>\n"))
        .collect();
    let ex = extract(page(&body).as_bytes());
    assert_eq!(ex.good_blocks().count(), n);
    assert!(ex.diagnostics.notes.is_empty());
}

#[test]
fn an_xml_declared_iso_8859_2_page_is_decoded_right() {
    let polish = "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig.";
    let html = format!(
        "<?xml version=\"1.0\" encoding=\"iso-8859-2\"?>\n<html><body><p>{polish}</p></body></html>"
    );
    // ISO-8859-2 bytes of the Polish letters used (checked with Python's codec).
    let bytes: Vec<u8> = html
        .chars()
        .map(|c| match c {
            'ą' => 0xB1,
            'ć' => 0xE6,
            'ę' => 0xEA,
            'ł' => 0xB3,
            'ń' => 0xF1,
            'ó' => 0xF3,
            'ś' => 0xB6,
            'ź' => 0xBC,
            'ż' => 0xBF,
            c if c.is_ascii() => c as u8,
            c => panic!("no ISO-8859-2 byte listed for {c:?}"),
        })
        .collect();
    let pipeline = pith::preset("justext").unwrap();
    let ex = pipeline.run_bytes(&bytes).unwrap();
    assert_eq!(ex.blocks[0].text, polish);
    assert_eq!(ex.decoded_as.as_ref().unwrap().1, "xml-declaration");
}

#[test]
fn past_the_node_limit_text_is_kept() {
    let mut value = pith::preset_value("justext").unwrap();
    value["parse"]["max_nodes"] = serde_json::json!(50);
    let pipeline = pith::Pipeline::from_value(value).unwrap();
    let body: String = (0..100).map(|i| format!("<span>w{i}</span> ")).collect();
    let ex = pipeline
        .run_bytes(page(&format!("{body}<p>{PARAGRAPH}</p>")).as_bytes())
        .unwrap();
    let all: String = ex
        .blocks
        .iter()
        .map(|b| b.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(all.contains("w99"), "{all}");
    assert!(all.contains("lazy dog"));
    assert!(ex
        .diagnostics
        .notes
        .iter()
        .any(|n| n.starts_with("max_nodes 50")));
}

#[test]
fn many_paragraphs_deep_in_the_tree_keep_their_text_and_the_note_says_paths_were_cut() {
    // Each paragraph's paths are about 5 KB under 480 <div>s: the page's 16 MiB of whole
    // paths runs out after about 3,200 of them, and the rest keep only their paths' ends.
    let body = format!(
        "{}{}<p>{PARAGRAPH}</p>",
        "<div>".repeat(480),
        "<p>a line of a long list</p>".repeat(4_000)
    );
    for preset in ["justext", "declutter"] {
        let ex = pith::preset(preset)
            .unwrap()
            .run_bytes(page(&body).as_bytes())
            .unwrap();
        assert_eq!(ex.blocks.len(), 4_001, "{preset}");
        let last = ex.blocks.last().unwrap();
        assert!(last.text.contains("lazy dog"), "{preset}");
        assert!(last.dom_path.starts_with('…') && last.dom_path.ends_with("div.p"));
        if preset == "justext" {
            // jusText's paths are whole until the page's budget is spent.
            assert!(!ex.blocks[0].dom_path.starts_with('…'));
            assert!(last.xpath.starts_with('…') && last.xpath.ends_with("/p[4001]"));
        } else {
            // declutter's blocks keep at most 1 KiB of path each, from the first.
            assert!(ex
                .blocks
                .iter()
                .all(|b| b.dom_path.len() <= 1024 + '…'.len_utf8()));
        }
        let note = ex
            .diagnostics
            .notes
            .iter()
            .find(|n| n.starts_with("paths: "));
        assert!(note.is_some(), "{preset}: {:?}", ex.diagnostics.notes);
    }
}

/// A long run of Thai without a space (and one of combining marks alone): the word
/// segmenter reads it in windows, so its time stays linear (`pith_lang::words`; 4 MB
/// once took 20 s), and the run is counted as words, not as one.
#[test]
fn a_long_run_of_thai_without_a_space_is_counted_in_words() {
    let words = "ตลาดน้ำเปิดใหม่ริมคลอง"; // 6 words
    let run = words.repeat(2_000);
    let marks = "\u{e31}\u{e48}".repeat(20_000);
    let html = page(&format!("<p>{run}</p><p>{marks}</p><p>{PARAGRAPH}</p>"));
    for preset in ["declutter", "pith"] {
        let ex = pith::preset(preset)
            .unwrap()
            .run_bytes(html.as_bytes())
            .unwrap();
        let good = ex.good_text("\n");
        assert!(good.contains(&run), "{preset}");
        assert!(good.contains("lazy dog"), "{preset}");
        let thai = good.lines().find(|l| l.starts_with(words)).unwrap();
        assert_eq!(
            pith::core::lang::words::count_words(thai),
            12_000,
            "{preset}"
        );
    }
}
