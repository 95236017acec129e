//! `parse_html_omitting` must build html5ever's tree minus what it was asked to leave
//! out (the text inside the dropped elements, the attributes of the elements not kept),
//! nothing else. Checked on generated pages made of the constructs that decide where
//! raw text and tags end (end tags, `<!--` escapes, nested `<script>`, quoted `>`,
//! `/>`, CR/LF, foreign content, formatting elements, tags read without the tokenizer,
//! ...), and on every dataset page. The comparison is `fuzz/src/omit_parse.rs`, shared
//! with the `omit_parse` fuzz target.

#[path = "../../../fuzz/src/omit_parse.rs"]
mod omit_check;
// How a fuzz corpus is replayed (the `omit_parse` target's seeds, below).
#[path = "../../../fuzz/src/replay.rs"]
#[allow(dead_code)]
mod replay;

use pith_dom::{parse_html_omitting, Omit, ParseLimits};
use proptest::prelude::*;

const PIECES: &[&str] = &[
    "<script>",
    "<script type=x>",
    "<script type=\"application/ld+json\">",
    "<script src=x type=\"application/ld+json\" id=s>",
    "<SCRIPT TYPE=' Application/LD+JSON '>",
    "</script>",
    "</SCRIPT >",
    "</script",
    "</script/",
    "<script ",
    "<scriptx>",
    "</scripts>",
    "<style>",
    "</style>",
    "</style\r",
    "<textarea>",
    "</textarea>",
    "<title>",
    "</title>",
    "<xmp>",
    "</xmp>",
    "<iframe>",
    "</iframe>",
    "<noembed>",
    "</noembed>",
    "<noframes>",
    "</noframes>",
    "<!--",
    "-->",
    "-",
    "--",
    "<",
    ">",
    "/",
    "</",
    "<!",
    "<!-",
    "\r\n",
    "\r",
    "\n",
    "\0",
    " ",
    "\t",
    "x",
    "é",
    "&amp;",
    "&lt;/script>",
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<b>",
    "</b>",
    "<svg>",
    "</svg>",
    "<math>",
    "<mi>",
    "<table>",
    "<tr>",
    "<td>",
    "<select>",
    "<template>",
    "</template>",
    "<head>",
    "<body>",
    "<frameset>",
    "<plaintext>",
    "<noscript>",
    "<div class=\"a>b\" id=x>",
    "<DIV CLASS=X>",
    "<p id='a'/>",
    "<a href=x/>",
    "<a href=\"y\">",
    "</a>",
    "<br/>",
    "<img src=a alt=b>",
    "<image src=a>",
    "<input type=hidden>",
    "<input>",
    "<font color=red>",
    "<b class=x>",
    "<b class=y>",
    "<i x>",
    "<nobr a>",
    "<annotation-xml encoding=\"text/html\">",
    "<template shadowrootmode=open>",
    "<meta charset=utf-8>",
    "<link rel=stylesheet href=s>",
    "<span a=1 a=2 =b>",
    "<div\0x y>",
    "<html lang=en>",
    "<body class=b>",
    "<option selected>",
    "<![CDATA[",
    "]]>",
    "<?x>",
    "<!DOCTYPE html>",
    "<path d='x'/>",
    "<circle r=1 />",
    "<mi a=1/>",
    "<!--->",
    "--!>",
    "!",
    "'",
    "\"",
    "=",
    "<div class=a data-x=\"1>2\" id='b' style=c>",
    "<svg><a xlink:href=u title=t>",
    "<math><mi xml:lang=en xlink:title=t>",
    "<p CLASS=A Data=b/>",
    "<span id=a/data-x=1>",
    "<div class=\"a\"/data-x=1 hidden>",
    "<td rowspan=2 x=1 class=c>",
    "<div data-a= class>",
    "<div a =  \"1\" class = 'c' b>",
    "<div hidden data-x=\"1\" =class>",
    "<p id=\"é\" title=é class=é>",
    "<a href=#top>",
    "<a href='#'>",
    "<a class=c href=\"#x\" id=i>",
    "<a href=\"&#35;x\">",
    "<a href=&amp;x>",
    "<a HREF = ' #y'>",
    "<a href=#a href=b>",
    "<a href=b HREF=#a>",
    "<a href=\"\">",
    "<a href>",
    "<svg><a xlink:href=#s href=t>",
    // Tags the parse reads without the tokenizer, and the ones it leaves to it.
    "<DiV CLASS=a class=b Class=c>",
    "</DIV>",
    "</div class=x>",
    "</div >",
    "</br>",
    "</p/>",
    "<dív id=é>",
    "<p\tclass=c\nid=d>",
    "<div class=\"a&amp;b\" id=i>",
    "<div id=&quot;x>",
    "<div a<b=1 class=c>",
    "<x-y:z class=c/>",
    "<Title>",
    "</TEXTAREA>",
    "<NoScript>",
    "<PLAINTEXT>",
    "</Script>",
    "<!---->",
    "<!-- a --!>",
    "<!--x--!-->",
    "<!-----",
    "</STYLE>",
    // `href` as a fragment name where it is cut (an `a` keeps every attribute).
    "<area href=#m>",
    "<area href=x alt=y>",
    "<span href='#s' HREF=t>",
];

fn check(html: &str) -> Result<(), TestCaseError> {
    omit_check::check(html).map_err(|e| TestCaseError::fail(format!("page {html:?}: {e}")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_tree_is_html5evers_minus_what_is_omitted(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
    ) {
        check(&pieces.concat())?;
    }
}

#[test]
fn hand_picked_pages() {
    for html in [
        "<script>if (a<b) x()</script><p>after",
        "<script><!--<script>x</script>y--></script><p>after",
        "<script><!--<script></script></script><p>after",
        "<style>p{}</style ><p>after",
        "<textarea>\n<b>raw</b></textarea>x",
        "<svg><script>a<b>c</b></script></svg><p>after",
        "<table><script>x</script><tr><td>cell",
        "<script>never closed <p>",
        "<title>t</title><noscript><p>n</p></noscript>",
        "<div title='a>b' class=c>text</div><a href=x/>link",
        "<table><input type=hidden><input type=text><tr><td>x",
        "<b class=1><b class=2><b class=3><b class=1><p>x",
        "<a class=1><a class=2><a class=3><a class=1><p>x",
        "<math><annotation-xml encoding='text/html'><div class=a>x</div>",
        "<svg><font color=red class=a>x</font></svg>",
        "<img src=a><image src=b alt=c>",
        "<div class=x",
        "<p>\u{feff}",
        "<p>\u{feff}\u{feff}x<b>\u{feff}</b>",
        "<div class=a data-x=1 id=b>x</div><svg><a xlink:href=u title=t>y</a></svg>",
        "<p class=\"a\"/data-x=1>x<p id=a/data-x=1>y<p data-a= class>z",
    ] {
        omit_check::check(html).unwrap_or_else(|e| panic!("page {html:?}: {e}"));
    }
}

/// A U+FEFF after a tag is text on every parse (libxml2 keeps it too), whether or not
/// the tokenizer paused after that tag; only the one that starts the document goes.
/// (html5ever drops a BOM at the front of the queue each time it resumes: issue 14, bug 11.)
#[test]
fn a_byte_order_mark_after_a_tag_is_text() {
    let lean = Omit {
        attributes_except_on: Some(Vec::new()),
        ..Omit::default()
    };
    for (html, text) in [
        ("<p>\u{feff}", "\u{feff}"),
        ("\u{feff}<p>\u{feff}x", "\u{feff}x"),
        ("<meta charset=utf-8>\u{feff}y", "\u{feff}y"),
        ("<div class=a>\u{feff}</div>\u{feff}", "\u{feff}\u{feff}"),
    ] {
        for omit in [Omit::default(), lean.clone()] {
            let (doc, _) = parse_html_omitting(html, &ParseLimits::default(), &omit);
            assert_eq!(doc.text_content(doc.root()), text, "{html:?} {omit:?}");
        }
    }
}

#[test]
fn cut_attributes_are_gone_and_kept_ones_stay() {
    let omit = Omit {
        attributes_except_on: Some(vec!["img".into()]),
        ..Omit::default()
    };
    let html =
        "<div class=nav id=top><img src=a.png alt='A'><image src=b.png><b class=x>y</b></div>";
    let (doc, _) = parse_html_omitting(html, &ParseLimits::default(), &omit);
    let attrs: Vec<(String, usize)> = doc
        .descendants(doc.body().unwrap())
        .filter_map(|n| doc.element(n))
        .map(|e| (e.name().to_string(), e.attr_count()))
        .collect();
    let want = [("body", 0), ("div", 0), ("img", 2), ("img", 1), ("b", 1)];
    let want: Vec<(String, usize)> = want.iter().map(|&(n, c)| (n.to_string(), c)).collect();
    assert_eq!(attrs, want);
}

#[test]
fn named_attributes_stay_and_everything_from_the_first_object_on() {
    let omit = Omit {
        attributes_except_on: Some(Vec::new()),
        attributes_named: vec!["class".into(), "href".into()],
        attributes_kept_within: vec!["object".into()],
        ..Omit::default()
    };
    let html = "<div class=a data-x=1 id=b><span href=u title=t>x</span></div>\
                <svg><use xlink:href=v xlink:title=w>y</use></svg>\
                <OBJECT data=v><param name=p value=w></object><div data-y=2>z</div>";
    let (doc, _) = parse_html_omitting(html, &ParseLimits::default(), &omit);
    let attrs: Vec<String> = doc
        .descendants(doc.body().unwrap())
        .filter_map(|n| doc.element(n))
        .map(|e| {
            let names: Vec<&str> = e.attrs().map(|(k, _)| k).collect();
            format!("{}[{}]", e.name(), names.join(" "))
        })
        .collect();
    let want = [
        "body[]",
        "div[class]",
        "span[href]",
        "svg[]",
        "use[href]",
        "object[data]",
        "param[name value]",
        "div[data-y]",
    ];
    assert_eq!(attrs, want);
}

#[test]
fn the_elements_stay_and_lose_their_text() {
    let omit = Omit {
        content_of: vec!["script".into()],
        ..Omit::default()
    };
    let (doc, _) = parse_html_omitting(
        "<script>var a = '<p>';</script><p>kept</p>",
        &ParseLimits::default(),
        &omit,
    );
    let script = doc
        .descendants(doc.root())
        .find(|&n| doc.element_name(n) == Some("script"))
        .expect("script element");
    assert_eq!(doc.first_child(script), None);
    assert_eq!(doc.text_content(doc.root()), "kept");
}

#[test]
fn every_dataset_page_gives_the_same_tree() {
    let mut pages = 0;
    for set in ["scrapinghub", "cleaneval-dev"] {
        let Some(dir) = pith_testdata::dataset(&format!("{set}/html")) else {
            continue;
        };
        let entries = std::fs::read_dir(&dir).unwrap();
        for entry in entries {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            let text = pith_dom::decode::decode(&bytes, &Default::default())
                .unwrap()
                .text;
            if let Err(e) = omit_check::same_trees(&text) {
                panic!("{} differs: {}", path.display(), &e[..e.len().min(2000)]);
            }
            pages += 1;
        }
    }
    eprintln!("{pages} pages compared");
}

/// The `omit_parse` fuzz target's seeds pass its check (without cargo-fuzz or nightly).
#[test]
fn the_fuzz_seeds_give_the_same_trees() {
    replay::replay("omit_parse", |data| {
        let html = String::from_utf8_lossy(data);
        omit_check::check(&html).unwrap_or_else(|e| panic!("page {html:?}: {e}"));
    });
}
