//! `parse_html_omitting` must build html5ever's tree minus what it was asked to leave
//! out (the text inside the dropped elements, the attributes of the elements not kept),
//! nothing else. Checked on generated pages made of the constructs that decide where
//! raw text and tags end (end tags, `<!--` escapes, nested `<script>`, quoted `>`,
//! `/>`, CR/LF, foreign content, formatting elements, ...), and on every dataset page.

use pith_dom::{
    parse_html_omitting, parse_html_with, Document, Edge, ElementNamespace, NodeData, Omit,
    ParseLimits, SHAPES_THE_TREE,
};
use proptest::prelude::*;

const DROPPED: &[&str] = &[
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
];

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
];

/// Elements the test keeps the attributes of (besides [`SHAPES_THE_TREE`]).
const KEPT: &[&str] = &["link", "img"];

/// Attributes the test keeps on every element in the parses that keep some by name.
const NAMED: &[&str] = &["class", "id", "href", "hidden", "lang"];

/// What to leave out of the expected tree: the text of the dropped elements, the
/// attributes of the elements not kept (but those in [`NAMED`], when `named`).
#[derive(Clone, Copy)]
struct Expect {
    dropped_text: bool,
    cut_attributes: bool,
    named: bool,
    /// `href` is kept as a fragment name (`Omit::attributes_if_fragment`), not by name:
    /// an `href` whose value does not start with `#` is left out of both trees (the lean
    /// parse may keep it), one whose value does must be in both.
    fragments: bool,
}

/// The name the parses with `fragments` keep for fragments only.
const FRAGMENT: &str = "href";

/// Whether an attribute (its local name in the tree) is one of [`NAMED`]. In HTML
/// elements the tree builder keeps a prefix in the local name (`xlink:href`); the parse
/// keeps such a name for the name after the prefix, as in SVG, where it is taken off.
fn is_named(local: &str) -> bool {
    NAMED.iter().any(|n| is_called(local, n))
}

/// Whether an attribute (its local name in the tree) is called `name`, itself or after a
/// prefix the parse takes off (see [`is_named`]).
fn is_called(local: &str, name: &str) -> bool {
    let after_prefix = ["xlink:", "xml:", "xmlns:"]
        .iter()
        .find_map(|p| local.strip_prefix(p));
    local == name || after_prefix == Some(name)
}

/// Whether an element is a JSON-LD script, whose text the lean parse keeps.
fn is_json_ld(e: &pith_dom::Element) -> bool {
    e.name() == "script"
        && e.attr("type")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"))
}

/// The document as a flat list of events, leaving out what `leave_out` says.
fn events(doc: &Document, leave_out: Expect) -> Vec<String> {
    let mut out = Vec::new();
    for edge in doc.traverse(doc.root()) {
        match edge {
            Edge::Open(id) => match doc.data(id) {
                NodeData::Element(e) => {
                    let name = e.name().to_ascii_lowercase();
                    // Kept by name as written: `<image>` (an `img` in HTML) with `img`.
                    let written_as = |n: &str| name == n || (n == "img" && name == "image");
                    let kept = SHAPES_THE_TREE.iter().chain(KEPT).any(|n| written_as(n));
                    // A script keeps its `type`: the skip of its content reads it.
                    let script_type = |k: &str| name == "script" && k == "type";
                    let is_fragment_name = |k: &str| leave_out.fragments && is_called(k, FRAGMENT);
                    let attrs: Vec<String> = e
                        .attrs()
                        .filter(|(k, v)| {
                            if is_fragment_name(k) && !kept {
                                return v.starts_with('#');
                            }
                            kept || !leave_out.cut_attributes
                                || (leave_out.named && is_named(k))
                                || script_type(k)
                        })
                        .map(|(k, v)| format!("{k}={v:?}"))
                        .collect();
                    out.push(format!(
                        "<{} {:?} {}>",
                        e.name(),
                        e.namespace(),
                        attrs.join(" ")
                    ));
                }
                NodeData::Text(t) => {
                    let in_dropped = doc
                        .parent(id)
                        .and_then(|p| doc.element(p))
                        .is_some_and(|e| {
                            e.namespace() == ElementNamespace::Html
                                && DROPPED.contains(&e.name())
                                && !is_json_ld(e)
                        });
                    if !(leave_out.dropped_text && in_dropped) {
                        out.push(format!("text {:?}", &**t));
                    }
                }
                other => out.push(format!("{other:?}")),
            },
            Edge::Close(id) => {
                if let Some(name) = doc.element_name(id) {
                    out.push(format!("</{name}>"));
                }
            }
        }
    }
    out
}

/// The five ways to omit: content only, attributes only, both, attributes but those of
/// some names, and those with `href` kept as a fragment name.
fn omissions() -> [(Omit, Expect); 5] {
    let content = || DROPPED.iter().map(|s| s.to_string()).collect();
    let kept = || Some(KEPT.iter().map(|s| s.to_string()).collect());
    let expect = |dropped_text, cut_attributes, named| Expect {
        dropped_text,
        cut_attributes,
        named,
        fragments: false,
    };
    [
        (
            Omit {
                content_of: content(),
                ..Omit::default()
            },
            expect(true, false, false),
        ),
        (
            Omit {
                attributes_except_on: kept(),
                ..Omit::default()
            },
            expect(false, true, false),
        ),
        (
            Omit {
                content_of: content(),
                attributes_except_on: kept(),
                ..Omit::default()
            },
            expect(true, true, false),
        ),
        (
            Omit {
                content_of: content(),
                attributes_except_on: kept(),
                attributes_named: NAMED.iter().map(|s| s.to_string()).collect(),
                ..Omit::default()
            },
            expect(true, true, true),
        ),
        (
            Omit {
                content_of: content(),
                attributes_except_on: kept(),
                attributes_named: (NAMED.iter())
                    .filter(|&&n| n != FRAGMENT)
                    .map(|s| s.to_string())
                    .collect(),
                attributes_if_fragment: vec![FRAGMENT.to_owned()],
                ..Omit::default()
            },
            Expect {
                fragments: true,
                ..expect(true, true, true)
            },
        ),
    ]
}

const NOTHING: Expect = Expect {
    dropped_text: false,
    cut_attributes: false,
    named: false,
    fragments: false,
};

/// Whether the omitting parses of `html` give the full parse's tree minus the omissions.
fn same_trees(html: &str) -> Result<(), String> {
    let limits = ParseLimits::default();
    let (full, _) = parse_html_with(html, &limits);
    for (omit, expect) in omissions() {
        let (lean, _) = parse_html_omitting(html, &limits, &omit);
        let lean_leaves_out = Expect {
            fragments: expect.fragments,
            ..NOTHING
        };
        let (want, got) = (events(&full, expect), events(&lean, lean_leaves_out));
        if want != got {
            let at = want.iter().zip(&got).take_while(|(a, b)| a == b).count();
            let (from, to) = (at.saturating_sub(3), at + 3);
            return Err(format!(
                "{omit:?}\nat event {at}\nwant {:?}\ngot  {:?}",
                &want[from.min(want.len())..to.min(want.len())],
                &got[from.min(got.len())..to.min(got.len())]
            ));
        }
    }
    Ok(())
}

/// Whether a page that starts with an `<object>` keeps every attribute after it in the
/// parse that keeps everything from the first `object` on.
fn all_kept_after_an_object(html: &str) -> Result<(), String> {
    let html = format!("<object>{html}");
    let limits = ParseLimits::default();
    let (full, _) = parse_html_with(&html, &limits);
    let omit = Omit {
        attributes_except_on: Some(Vec::new()),
        attributes_named: vec!["class".into()],
        attributes_kept_within: vec!["object".into()],
        ..Omit::default()
    };
    let (lean, _) = parse_html_omitting(&html, &limits, &omit);
    match events(&full, NOTHING) == events(&lean, NOTHING) {
        true => Ok(()),
        false => Err(format!("{omit:?}: attributes cut after the <object>")),
    }
}

fn check(html: &str) -> Result<(), TestCaseError> {
    same_trees(html)
        .and_then(|()| all_kept_after_an_object(html))
        .map_err(|e| TestCaseError::fail(format!("page {html:?}: {e}")))
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
        same_trees(html).unwrap_or_else(|e| panic!("page {html:?}: {e}"));
        all_kept_after_an_object(html).unwrap_or_else(|e| panic!("page {html:?}: {e}"));
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
    let html = "<div class=a data-x=1 id=b><a href=u title=t>x</a></div>\
                <svg><a xlink:href=v xlink:title=w>y</a></svg>\
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
        "a[href]",
        "svg[]",
        "a[href]",
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
            if let Err(e) = same_trees(&text) {
                panic!("{} differs: {}", path.display(), &e[..e.len().min(2000)]);
            }
            pages += 1;
        }
    }
    eprintln!("{pages} pages compared");
}
