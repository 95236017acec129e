//! `parse_html_dropping` must build html5ever's tree minus the text inside the dropped
//! elements, nothing else: checked on generated pages made of the constructs that decide
//! where raw text ends (end tags, `<!--` escapes, nested `<script>`, CR/LF, foreign
//! content where `<script>` is not raw text, ...).

use pith_dom::{
    parse_html_dropping, parse_html_with, Document, Edge, ElementNamespace, NodeData, ParseLimits,
};
use proptest::prelude::*;

const DROPPED: &[&str] = &[
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
];

const PIECES: &[&str] = &[
    "<script>",
    "<script type=x>",
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
];

/// The document as a flat list of events, leaving out text inside the HTML elements
/// whose content is dropped.
fn events(doc: &Document, skip_dropped_text: bool) -> Vec<String> {
    let mut out = Vec::new();
    for edge in doc.traverse(doc.root()) {
        match edge {
            Edge::Open(id) => match doc.data(id) {
                NodeData::Element(e) => {
                    let attrs: Vec<String> = e.attrs().map(|(k, v)| format!("{k}={v:?}")).collect();
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
                            e.namespace() == ElementNamespace::Html && DROPPED.contains(&e.name())
                        });
                    if !(skip_dropped_text && in_dropped) {
                        out.push(format!("text {t:?}"));
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

fn check(html: &str) -> Result<(), TestCaseError> {
    let limits = ParseLimits::default();
    let (full, _) = parse_html_with(html, &limits);
    let (dropped, _) = parse_html_dropping(html, &limits, DROPPED);
    prop_assert_eq!(
        events(&full, true),
        events(&dropped, false),
        "page {:?}",
        html
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_tree_is_html5evers_minus_the_dropped_text(
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
    ] {
        check(html).unwrap();
    }
}

#[test]
fn the_elements_stay_and_lose_their_text() {
    let (doc, _) = parse_html_dropping(
        "<script>var a = '<p>';</script><p>kept</p>",
        &ParseLimits::default(),
        &["script"],
    );
    let script = doc
        .descendants(doc.root())
        .find(|&n| doc.element_name(n) == Some("script"))
        .expect("script element");
    assert_eq!(doc.first_child(script), None);
    assert_eq!(doc.text_content(doc.root()), "kept");
}

/// `$PITH_DATASETS`, else `../shared/datasets` beside the repository.
fn datasets_dir() -> std::path::PathBuf {
    use std::path::{Path, PathBuf};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match std::env::var_os("PITH_DATASETS") {
        Some(p) if Path::new(&p).is_absolute() => PathBuf::from(p),
        Some(p) => root.join(p),
        None => root.join("../shared/datasets"),
    }
}

#[test]
fn every_dataset_page_gives_the_same_tree() {
    let mut pages = 0;
    for set in ["scrapinghub", "cleaneval-dev"] {
        let dir = datasets_dir().join(set).join("html");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("skipped: dataset not found at {}", dir.display());
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            let text = pith_dom::decode::decode(&bytes, &Default::default())
                .unwrap()
                .text;
            let limits = ParseLimits::default();
            let (full, _) = parse_html_with(&text, &limits);
            let (dropped, _) = parse_html_dropping(&text, &limits, DROPPED);
            assert!(
                events(&full, true) == events(&dropped, false),
                "{} differs",
                path.display()
            );
            pages += 1;
        }
    }
    eprintln!("{pages} pages compared");
}
