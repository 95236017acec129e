//! Elements whose content HTML reads as raw text that browsers never show: a frameset
//! page's `<noframes>`, an `<noembed>`, an `<iframe>`'s fallback. Their content is one
//! text node holding the markup as written, so a pipeline that kept it would write
//! `<p>…</p>` into the page's text. declutter's prune drops them (its default list and
//! every preset built on it: `declutter`, `pith`). The jusText presets give what Python
//! jusText 3.0.2 gives, which keeps such text, tags and all, when it is long enough to
//! be good (lxml reads these elements as raw text too; checked on a page of this kind
//! with jusText 3.0.2 and lxml 6.2): parity, not changed here.

const PAGES: [&str; 3] = [
    "<html><head><title>t</title></head><frameset cols='20%,80%'><frame src='menu.html'>\
     <frame src='main.html'></frameset><noframes><body><p>This site uses frames; here \
     is the text for those without them, written out long enough to be kept.</p>\
     </body></noframes></html>",
    "<html><body><p>The council met on Tuesday evening to discuss the plan for the new \
     bridge, and most of its members said they had not been told about it.</p>\
     <embed src='clip.swf'><noembed><p>Your browser cannot play the clip.</p></noembed>\
     </body></html>",
    "<html><body><p>The council met on Tuesday evening to discuss the plan for the new \
     bridge, and most of its members said they had not been told about it.</p>\
     <iframe src='map.html'><p>A map of the <b>site</b> of the bridge.</p></iframe>\
     </body></html>",
];

#[test]
fn raw_text_that_browsers_never_show_is_not_text() {
    for preset in ["pith", "declutter"] {
        let pipeline = pith::preset(preset).expect("a built-in preset");
        for page in PAGES {
            let ex = pipeline.run_bytes(page.as_bytes()).expect("a page");
            let text = ex.good_text("\n");
            assert!(
                !text.contains("<p>") && !text.contains("<b>"),
                "{preset}: {text}"
            );
            assert!(
                !text.contains("browser") && !text.contains("map"),
                "{preset}: {text}"
            );
        }
    }
}
