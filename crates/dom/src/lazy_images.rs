//! Where an `<img>` finds its picture, whether it is a picture of the page's content,
//! and the real sources of lazy-loaded images.
//!
//! A page that loads its pictures by script gives the `<img>` a placeholder (a
//! one-pixel `data:` GIF, or no `src` at all) and the real source in an attribute
//! its script reads (`data-src`, `data-original`, …), or only in a `<noscript>` right
//! after it, for readers without scripts. [`image_source`] reads the attributes, the
//! lazy-loading ones first; [`content_image_source`] also leaves out what is no
//! picture of the content: hidden, declared smaller than [`MIN_IMAGE_SIDE`], or an
//! emoji, a smiley or an avatar, which blogs draw as images of 16–64 pixels that often
//! declare no size (WordPress's `class="emoji"` and `wp-smiley`, commenters'
//! `avatar` pictures from Gravatar): in the page's Markdown each would be a picture
//! paragraph of its own in the middle of a sentence or a comment thread.
//!
//! [`settle_image_sources`] runs before the tree stages when the images are to be
//! written (`--images`), for two reasons. pith parses with scripting off, as libxml2
//! does, so a `<noscript>` fallback is markup, and the stages of most presets delete
//! `<noscript>`: first, as Readability.js's `_unwrapNoscriptImages` does for the
//! picture, a placeholder with no source of its own followed by a `<noscript>` holding
//! one image and no text takes that image's sources; and a placeholder inside a
//! `<picture>` takes the first source of the `<source>` elements before it (whose
//! `srcset`, or `data-srcset` on lazy pages, a browser would have chosen from; the
//! stages know nothing of `<source>`). And a stage may keep only `src`
//! and `alt` of an image (declutter's purify): so each image's source is written to its
//! `src`, and an image that is no picture of the content loses its `src`, while the
//! attributes that say so are still there.

use crate::{Document, Element, ElementNamespace, NodeData, NodeId};

/// An image declared narrower or lower than this many pixels (`width`, `height`) is
/// no picture of the content: a spacer, a tracking pixel, an icon.
pub const MIN_IMAGE_SIDE: u32 = 32;

/// The attributes an image's source is read from, in order: lazy-loading scripts put
/// the real source in a `data-` attribute and a placeholder in `src`.
const SOURCE_ATTRIBUTES: &[&str] = &["data-src", "data-lazy-src", "data-original", "src"];

/// The attributes whose first candidate is an image's source when none of
/// [`SOURCE_ATTRIBUTES`] gives one.
const SOURCE_SET_ATTRIBUTES: &[&str] = &["data-srcset", "srcset"];

/// What a placeholder takes from its `<noscript>` image: the sources, and the declared
/// size when it has none (so a tracking pixel stays a pixel).
const TAKEN_ATTRIBUTES: &[&str] = &["src", "srcset", "width", "height"];

/// Words that, inside one of an image's class names (ASCII case ignored), make it an
/// emoji, a smiley or an avatar ([`is_decoration`]): `emoji` (WordPress, Twemoji,
/// Discourse), `smiley` (`wp-smiley`), `emoticon`, `avatar` (`avatar avatar-64 photo`,
/// `comment-avatar`, `author-gravatar`, `blavatar`).
const DECORATION_CLASS_WORDS: &[&str] = &["emoji", "smiley", "emoticon", "avatar"];

/// Parts of a source's URL that make an image an emoji, a smiley or an avatar
/// ([`is_decoration`]): WordPress's smilies and emoji (`/wp-includes/images/smilies/`,
/// `s.w.org/images/core/emoji/`) and Gravatar's pictures (`gravatar.com/avatar/`).
const DECORATION_SOURCE_PARTS: &[&str] =
    &["/smilies/", "/images/core/emoji/", "gravatar.com/avatar/"];

/// The source of an `<img>` element: the first of [`SOURCE_ATTRIBUTES`], then the
/// first candidate of [`SOURCE_SET_ATTRIBUTES`], that [is an image's URL](is_image_url).
fn image_source(img: &Element) -> Option<&str> {
    (SOURCE_ATTRIBUTES.iter())
        .filter_map(|&name| img.attr(name).map(str::trim))
        .find(|src| is_image_url(src))
        .or_else(|| source_set_candidate(img))
}

/// The source of an `<img>` element (`data-src` and the other lazy-loading attributes
/// first, then `src`, then the first candidate of `data-srcset` or `srcset`; not a
/// `data:`, `javascript:` or `vbscript:` URL), for an image that can be a picture of
/// the page's content: not hidden (`hidden`, `aria-hidden="true"`), not declared
/// smaller than [`MIN_IMAGE_SIDE`] pixels on a side, not an emoji, a smiley or an
/// avatar (by its class names or its source: see the module documentation).
pub fn content_image_source(img: &Element) -> Option<&str> {
    let hidden = img.attr("hidden").is_some()
        || (img.attr("aria-hidden")).is_some_and(|v| v.trim().eq_ignore_ascii_case("true"));
    let small = |name| {
        (img.attr(name))
            .and_then(pixels)
            .is_some_and(|px| px < MIN_IMAGE_SIDE)
    };
    if hidden || small("width") || small("height") {
        return None;
    }
    image_source(img).filter(|src| !is_decoration(img, src))
}

/// Whether an image with source `src` is an emoji, a smiley or an avatar: one of its
/// class names holds one of [`DECORATION_CLASS_WORDS`], or `src` one of
/// [`DECORATION_SOURCE_PARTS`] (ASCII case ignored).
fn is_decoration(img: &Element, src: &str) -> bool {
    // A word holds no whitespace, so it is inside one of the class names exactly when
    // it is inside the attribute's value.
    let holds_any = |text: &str, parts: &[&str]| {
        let text = text.to_ascii_lowercase();
        parts.iter().any(|part| text.contains(part))
    };
    let classes = img.attr("class").unwrap_or("");
    (!classes.is_empty() && holds_any(classes, DECORATION_CLASS_WORDS))
        || holds_any(src, DECORATION_SOURCE_PARTS)
}

/// The pixels an attribute such as `width="120"` declares: its leading digits (`120px`
/// and `120.5` read 120); `None` for a share (`50%`) or no number.
fn pixels(value: &str) -> Option<u32> {
    let value = value.trim();
    let digits = value.len() - value.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || value[digits..].starts_with('%') {
        return None;
    }
    Some(value[..digits].parse().unwrap_or(u32::MAX))
}

/// Whether `src` can be an image's source: not empty, not inline data (a lazy-loading
/// placeholder) or a script (`javascript:`, `vbscript:`, as the HTML writer's links).
fn is_image_url(src: &str) -> bool {
    let scheme =
        |name: &str| (src.get(..name.len())).is_some_and(|start| start.eq_ignore_ascii_case(name));
    !src.is_empty() && !scheme("data:") && !scheme("javascript:") && !scheme("vbscript:")
}

/// Settles each image's source before the tree stages (see the module documentation):
/// lazy images' placeholders take their `<noscript>` fallbacks' sources
/// (`take_noscript_sources`) or their `<picture>`'s (`take_picture_sources`), then
/// every `<img>` has its [`content_image_source`] as its `src`, or no `src` (nor
/// `srcset`) when it has none. Returns how many placeholders took a fallback's source.
pub fn settle_image_sources(doc: &mut Document) -> usize {
    // One walk finds all three kinds.
    let (mut noscripts, mut pictures, mut images) = (Vec::new(), Vec::new(), Vec::new());
    for n in doc.descendants(doc.root()) {
        match doc.element(n) {
            Some(e) if e.namespace() != ElementNamespace::Html => {}
            Some(e) if e.name() == "img" => images.push(n),
            Some(e) if e.name() == "noscript" => noscripts.push(n),
            Some(e) if e.name() == "picture" => pictures.push(n),
            _ => {}
        }
    }
    let taken = take_noscript_sources(doc, &noscripts) + take_picture_sources(doc, &pictures);
    for node in images {
        let Some(img) = doc.element_mut(node) else {
            continue;
        };
        match content_image_source(img).map(str::to_owned) {
            Some(src) if img.attr("src") != Some(&src) => img.set_attr("src", &src),
            Some(_) => {}
            None => img.retain_attrs(|name, _| !matches!(name, "src" | "srcset")),
        }
    }
    taken
}

/// Gives each lazy image's placeholder the sources of the `<noscript>` image after it,
/// `noscripts` being the page's `<noscript>` elements (see the module documentation);
/// returns how many took one. A placeholder is an
/// `<img>` without an [`image_source`] that is, or is alone inside, the element just
/// before a `<noscript>` (text between them does not count, as with the DOM's
/// `previousElementSibling`) whose content is one `<img>` with a source and no text.
/// The `<noscript>` stays: its image is a copy, which the writers skip as a source
/// written before.
fn take_noscript_sources(doc: &mut Document, noscripts: &[NodeId]) -> usize {
    let mut taken = 0;
    for &noscript in noscripts {
        let Some(fallback) = single_image(doc, noscript) else {
            continue;
        };
        let Some(placeholder) = previous_element(doc, noscript).and_then(|p| single_image(doc, p))
        else {
            continue;
        };
        if doc.element(placeholder).and_then(image_source).is_some() {
            // Not a placeholder: the `<noscript>` holds a copy, or a tracking pixel.
            continue;
        }
        let Some(fallback) = doc.element(fallback).filter(|e| image_source(e).is_some()) else {
            continue;
        };
        let given: Vec<(&str, String)> = (TAKEN_ATTRIBUTES.iter())
            .filter_map(|&name| fallback.attr(name).map(|v| (name, v.to_owned())))
            .collect();
        let Some(img) = doc.element_mut(placeholder) else {
            continue;
        };
        for (name, value) in given {
            let sized = matches!(name, "width" | "height");
            if !(sized && img.attr(name).is_some()) {
                img.set_attr(name, &value);
            }
        }
        taken += 1;
    }
    taken
}

/// Gives each image without an [`image_source`] that is a child of a `<picture>` the
/// first candidate of the first `<source>` before it, in that picture, whose `srcset`
/// or `data-srcset` has one that [is an image's URL](is_image_url), as its `src`
/// (see the module documentation); `pictures` are the page's `<picture>` elements.
/// Each picture's children are read once, so a picture of many images costs no more
/// than their number. Returns how many took one.
fn take_picture_sources(doc: &mut Document, pictures: &[NodeId]) -> usize {
    let mut taken = 0;
    for &picture in pictures {
        let mut source: Option<String> = None;
        let children: Vec<NodeId> = doc.children(picture).collect();
        for child in children {
            if source.is_none() && is_html(doc, child, "source") {
                source = doc
                    .element(child)
                    .and_then(source_set_candidate)
                    .map(str::to_owned);
            } else if let Some(src) = source.as_deref().filter(|_| is_html(doc, child, "img")) {
                let Some(img) = doc.element_mut(child) else {
                    continue;
                };
                if image_source(img).is_none() {
                    img.set_attr("src", src);
                    taken += 1;
                }
            }
        }
    }
    taken
}

/// The first candidate of an element's [`SOURCE_SET_ATTRIBUTES`] that [is an image's
/// URL](is_image_url).
fn source_set_candidate(el: &Element) -> Option<&str> {
    (SOURCE_SET_ATTRIBUTES.iter())
        .filter_map(|&name| el.attr(name))
        .filter_map(|set| set.split(',').next())
        .filter_map(|candidate| candidate.split_whitespace().next())
        .find(|src| is_image_url(src))
}

/// The `<img>` that `node` is, or that is the only element inside it (at any depth),
/// when no text but whitespace is inside it: Readability.js's `_isSingleImage`.
fn single_image(doc: &Document, node: NodeId) -> Option<NodeId> {
    let mut at = node;
    loop {
        if is_html(doc, at, "img") {
            return Some(at);
        }
        let mut only = None;
        for child in doc.children(at) {
            match &doc.node(child).data {
                NodeData::Element(_) if only.is_none() => only = Some(child),
                NodeData::Element(_) => return None,
                NodeData::Text(t) if !t.trim().is_empty() => return None,
                _ => {}
            }
        }
        at = only?;
    }
}

/// The element before `node` among its siblings, past text and comments.
fn previous_element(doc: &Document, node: NodeId) -> Option<NodeId> {
    std::iter::successors(doc.prev_sibling(node), |&n| doc.prev_sibling(n))
        .find(|&n| doc.element(n).is_some())
}

/// Whether `node` is the HTML element `name`.
fn is_html(doc: &Document, node: NodeId, name: &str) -> bool {
    (doc.element(node)).is_some_and(|e| e.namespace() == ElementNamespace::Html && e.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_html;

    const PIXEL: &str = "data:image/gif;base64,R0lGODlhAQABAIAAAAUEBAAAACwAAAAAAQABAAACAkQBADs";

    /// The `src` of every `<img>` of `html` after [`settle_image_sources`], and how
    /// many placeholders took one.
    fn sources_after(html: &str) -> (Vec<Option<String>>, usize) {
        let mut doc = parse_html(html);
        let taken = settle_image_sources(&mut doc);
        let srcs = (doc.descendants(doc.root()))
            .filter(|&n| is_html(&doc, n, "img"))
            .map(|n| doc.element(n).unwrap().attr("src").map(str::to_owned))
            .collect();
        (srcs, taken)
    }

    /// A placeholder in a `<picture>` takes the first source of the `<source>`
    /// elements before it (`data-srcset` on a lazy page); an image with a source of
    /// its own keeps it, and a `<source>` after the image, one without a set, or one
    /// whose set is inline data gives nothing.
    #[test]
    fn a_placeholder_in_a_picture_takes_its_first_source() {
        let (srcs, taken) = sources_after(&format!(
            "<picture><source data-srcset='/lazy-320.jpg 320w, /lazy-640.jpg 640w'>\
             <source srcset='/second.jpg'><img src='{PIXEL}' alt=a></picture>\
             <picture><source type=image/webp><source srcset='/plain.webp 1x'>\
             <img alt=b></picture>\
             <picture><source srcset='/other.jpg'><img src='/own.jpg' alt=c></picture>\
             <picture><img alt=d><source srcset='/after.jpg'></picture>\
             <picture><source srcset='{PIXEL}'><img alt=e></picture>\
             <div><source srcset='/not-a-picture.jpg'><img alt=f></div>"
        ));
        let expected = [
            Some("/lazy-320.jpg"),
            Some("/plain.webp"),
            Some("/own.jpg"),
            None,
            None,
            None,
        ];
        assert_eq!(srcs, expected.map(|s| s.map(str::to_owned)));
        assert_eq!(taken, 2);
    }

    #[test]
    fn a_placeholder_takes_its_noscript_image() {
        let html = format!(
            "<figure><img alt=Bridge src='{PIXEL}'> <noscript><img src=/bridge.jpg \
             srcset='/b-2x.jpg 2x'></noscript></figure>"
        );
        let mut doc = parse_html(&html);
        assert_eq!(settle_image_sources(&mut doc), 1);
        let img = (doc.descendants(doc.root()))
            .find(|&n| is_html(&doc, n, "img"))
            .unwrap();
        let img = doc.element(img).unwrap();
        assert_eq!(img.attr("src"), Some("/bridge.jpg"));
        assert_eq!(img.attr("srcset"), Some("/b-2x.jpg 2x"));
        assert_eq!(img.attr("alt"), Some("Bridge"));
        assert_eq!(image_source(img), Some("/bridge.jpg"));
    }

    #[test]
    fn a_wrapped_placeholder_and_a_wrapped_fallback_count_as_images() {
        let html = "<div><span><img class=lazy></span></div>\n<noscript><p><img src=/a.jpg></p></noscript>";
        assert_eq!(
            sources_after(html),
            (vec![Some("/a.jpg".into()), Some("/a.jpg".into())], 1)
        );
    }

    #[test]
    fn what_is_no_placeholder_is_left_alone() {
        // A source of its own (the noscript is a copy), text in the noscript, two
        // images in it, a fallback with no source, no image before it, text in the
        // element before it.
        for html in [
            "<img data-src=/real.jpg src=x.gif><noscript><img src=/other.jpg></noscript>",
            "<img><noscript><img src=/a.jpg> a caption</noscript>",
            "<img><noscript><img src=/a.jpg><img src=/b.jpg></noscript>",
            &format!("<img><noscript><img src='{PIXEL}'></noscript>"),
            "<p>text</p><noscript><img src=/a.jpg></noscript>",
            "<p>text <img></p><noscript><img src=/a.jpg></noscript>",
        ] {
            let mut doc = parse_html(html);
            assert_eq!(settle_image_sources(&mut doc), 0, "{html}");
        }
    }

    #[test]
    fn a_declared_size_is_kept_and_a_missing_one_taken() {
        let (html, size) = (
            "<img width=600><noscript><img src=/a.jpg width=1 height=1></noscript>",
            |doc: &Document, name: &str| {
                let img = (doc.descendants(doc.root()))
                    .find(|&n| is_html(doc, n, "img"))
                    .unwrap();
                doc.element(img).unwrap().attr(name).map(str::to_owned)
            },
        );
        let mut doc = parse_html(html);
        settle_image_sources(&mut doc);
        assert_eq!(size(&doc, "width").as_deref(), Some("600"));
        assert_eq!(size(&doc, "height").as_deref(), Some("1"));
    }

    #[test]
    fn inline_data_and_scripts_are_no_sources() {
        assert!(is_image_url("/a.png"));
        assert!(is_image_url("https://x.org/a"));
        assert!(!is_image_url(""));
        assert!(!is_image_url("DATA:image/gif;base64,R0l"));
        assert!(!is_image_url("javascript:void(0)"));
        assert!(!is_image_url("VBScript:msgbox"));
    }

    #[test]
    fn settled_sources_survive_a_stage_that_keeps_only_src_and_alt() {
        let html = format!(
            "<img src='{PIXEL}' data-src=/lazy.jpg alt=lazy><img src=/icon.png width=16>\
             <img src=/hidden.png hidden><img srcset='/s.jpg 1x, /l.jpg 2x'>\
             <img src=/plain.jpg width=640>"
        );
        let mut doc = parse_html(&html);
        settle_image_sources(&mut doc);
        let images: Vec<NodeId> = (doc.descendants(doc.root()))
            .filter(|&n| is_html(&doc, n, "img"))
            .collect();
        for &n in &images {
            let img = doc.element_mut(n).unwrap();
            img.retain_attrs(|name, _| matches!(name, "src" | "alt"));
        }
        let found: Vec<Option<&str>> = (images.iter())
            .map(|&n| content_image_source(doc.element(n).unwrap()))
            .collect();
        assert_eq!(
            found,
            [
                Some("/lazy.jpg"),
                None,
                None,
                Some("/s.jpg"),
                Some("/plain.jpg")
            ]
        );
    }

    /// Emoji, smileys and avatars are no pictures of the content, whether their class
    /// or their source says so; a photo whose name merely mentions an avatar is one.
    #[test]
    fn emoji_smileys_and_avatars_are_no_content() {
        let doc = parse_html(
            "<img draggable=false class=emoji alt='🤣' src=/x/1f923.svg>\
             <img src='/wp-includes/images/smilies/icon_wink.gif' alt=';)'>\
             <img class='wp-Smiley' src=/s.gif alt=':)'>\
             <img class='avatar avatar-64 photo' src=/a.png width=64 height=64>\
             <img src='https://0.gravatar.com/avatar/6c19?s=54' alt=''>\
             <img class='wds-avatar__image' src=/u.jpg>\
             <img src='https://s.w.org/images/core/emoji/14.0.0/svg/1f600.svg' alt='😀'>\
             <img class='photo wide' src='/films/avatar-poster.jpg' alt='Avatar'>",
        );
        let found: Vec<Option<&str>> = (doc.descendants(doc.root()))
            .filter(|&n| is_html(&doc, n, "img"))
            .map(|n| content_image_source(doc.element(n).unwrap()))
            .collect();
        let mut expected = vec![None; 7];
        expected.push(Some("/films/avatar-poster.jpg"));
        assert_eq!(found, expected);
    }

    #[test]
    fn pixels_read_leading_digits_and_no_shares() {
        assert_eq!(pixels("120"), Some(120));
        assert_eq!(pixels(" 120px "), Some(120));
        assert_eq!(pixels(" 1px"), Some(1));
        assert_eq!(pixels("16.5"), Some(16));
        assert_eq!(pixels("50%"), None);
        assert_eq!(pixels("auto"), None);
        assert_eq!(pixels("99999999999999"), Some(u32::MAX));
    }

    #[test]
    fn sources_are_read_lazy_attributes_first_and_never_inline() {
        let doc = parse_html(&format!(
            "<img src='{PIXEL}' data-src=/lazy.jpg><img srcset='/s.jpg 1x, /l.jpg 2x'>\
             <img src='javascript:x()'><img src=' /spaced.jpg '>"
        ));
        let found: Vec<Option<&str>> = (doc.descendants(doc.root()))
            .filter(|&n| is_html(&doc, n, "img"))
            .map(|n| image_source(doc.element(n).unwrap()))
            .collect();
        assert_eq!(
            found,
            [Some("/lazy.jpg"), Some("/s.jpg"), None, Some("/spaced.jpg")]
        );
    }
}
