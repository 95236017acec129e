//! Resolving a relative reference against a base URL (RFC 3986, section 5.2: reference
//! resolution and dot-segment removal): a page's `<link rel=canonical href>` against
//! the URL it was fetched from (records' `canonical_url`), and a link's `href` in
//! Markdown (`--links`) against the page's base.
//!
//! Hand-written rather than taken from the `url` crate: records need only this one
//! string operation, on strings kept as written (no normalisation, no IDNA), and the
//! `url` crate would bring its Unicode tables into every build (decision 0009).

use std::borrow::Cow;

/// The five parts of a URI reference; `None` for an absent part, which differs from an
/// empty one (`http://h?` has an empty query).
#[derive(Debug, PartialEq)]
pub struct Parts<'a> {
    /// The scheme, without its `:`.
    pub scheme: Option<&'a str>,
    /// The authority, without its `//`.
    pub authority: Option<&'a str>,
    /// The path (empty when absent).
    pub path: &'a str,
    /// The query, without its `?`.
    pub query: Option<&'a str>,
    /// The fragment, without its `#`.
    pub fragment: Option<&'a str>,
}

/// Splits a reference as RFC 3986 appendix B's regular expression does.
pub fn split(s: &str) -> Parts<'_> {
    let (s, fragment) = match s.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (s, None),
    };
    let (s, query) = match s.split_once('?') {
        Some((a, q)) => (a, Some(q)),
        None => (s, None),
    };
    let (scheme, s) = match s.find(':') {
        Some(i) if i > 0 && is_scheme(&s[..i]) => (Some(&s[..i]), &s[i + 1..]),
        _ => (None, s),
    };
    let (authority, path) = match s.strip_prefix("//") {
        Some(rest) => {
            let end = rest.find('/').unwrap_or(rest.len());
            (Some(&rest[..end]), &rest[end..])
        }
        None => (None, s),
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

fn is_scheme(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// A URL as the URL Standard's parser reads it before anything else: leading and
/// trailing C0 control characters and spaces removed, and every ASCII tab and newline
/// inside it (a browser follows `href="/a\nb"` to `/ab`, and a `<base href>` that runs
/// over several lines is one URL).
pub fn trim_url(url: &str) -> Cow<'_, str> {
    let url = url.trim_matches(|c: char| c <= ' ');
    match url.contains(['\t', '\n', '\r']) {
        true => Cow::Owned(
            url.chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect(),
        ),
        false => Cow::Borrowed(url),
    }
}

/// `href` resolved against the absolute URL `base`, both read as browsers read them
/// ([`trim_url`]); `href` so read when `base` has no scheme (it cannot serve as a
/// base).
pub fn resolve(base: &str, href: &str) -> String {
    let (base, href) = (trim_url(base), trim_url(href));
    let b = split(&base);
    let r = split(&href);
    let Some(base_scheme) = b.scheme else {
        return href.into_owned();
    };
    let (scheme, authority, path, query);
    if let Some(s) = r.scheme {
        (scheme, authority, path, query) = (s, r.authority, remove_dots(r.path), r.query);
    } else if r.authority.is_some() {
        (scheme, authority, path, query) = (base_scheme, r.authority, remove_dots(r.path), r.query);
    } else if r.path.is_empty() {
        let q = if r.query.is_some() { r.query } else { b.query };
        (scheme, authority, path, query) = (base_scheme, b.authority, b.path.to_owned(), q);
    } else if r.path.starts_with('/') {
        (scheme, authority, path, query) = (base_scheme, b.authority, remove_dots(r.path), r.query);
    } else {
        let merged = if b.authority.is_some() && b.path.is_empty() {
            format!("/{}", r.path)
        } else {
            let dir = b.path.rfind('/').map_or("", |i| &b.path[..=i]);
            format!("{dir}{}", r.path)
        };
        (scheme, authority, path, query) =
            (base_scheme, b.authority, remove_dots(&merged), r.query);
    }
    let mut out = format!("{scheme}:");
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    }
    out.push_str(&path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// RFC 3986 section 5.2.4, on whole segments.
fn remove_dots(path: &str) -> String {
    let absolute = path.starts_with('/');
    let segments: Vec<&str> = path.split('/').skip(usize::from(absolute)).collect();
    let mut out: Vec<&str> = Vec::new();
    let last = segments.len().saturating_sub(1);
    // A path ending in `.` or `..` keeps its trailing slash.
    let mut trailing_slash = false;
    for (i, seg) in segments.iter().enumerate() {
        match *seg {
            "." => trailing_slash = i == last,
            ".." => {
                out.pop();
                trailing_slash = i == last;
            }
            s => {
                out.push(s);
                trailing_slash = false;
            }
        }
    }
    let mut joined = if absolute { "/" } else { "" }.to_owned();
    joined.push_str(&out.join("/"));
    if trailing_slash && !out.is_empty() {
        joined.push('/');
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3986 section 5.4's examples (normal and abnormal).
    #[test]
    fn the_rfc_examples() {
        let base = "http://a/b/c/d;p?q";
        for (href, want) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
        ] {
            assert_eq!(resolve(base, href), want, "{href:?}");
        }
    }

    #[test]
    fn tabs_newlines_and_outer_controls_are_read_as_a_browser_reads_them() {
        assert_eq!(
            resolve("http://e.com/a/", " b\nc\t/d\r\n "),
            "http://e.com/a/bc/d"
        );
        assert_eq!(resolve("http://e.com/\n../x/\n", "y"), "http://e.com/x/y");
        assert_eq!(resolve("page.html", "\u{1}/a\nb "), "/ab");
        assert_eq!(trim_url("/a b"), "/a b");
        assert!(matches!(trim_url("/plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_base_without_a_scheme_leaves_the_href_alone() {
        assert_eq!(resolve("page.html", "/a"), "/a");
        assert_eq!(resolve("https://e.com", "a"), "https://e.com/a");
    }
}
