//! The WHATWG decoding standard (`decode.standard: "whatwg"`): each step of the HTML
//! Standard's encoding sniffing algorithm and its tricky cases, and a property test that
//! it never panics and always yields text for any bytes and any declared label.

use std::borrow::Cow;

use pith_dom::decode::{
    decode, decode_borrowed, DecodeError, DecodeOptions, DecodeStandard, EncodingSource,
    ErrorPolicy,
};
use proptest::prelude::*;

fn whatwg() -> DecodeOptions {
    DecodeOptions {
        standard: DecodeStandard::Whatwg,
        ..DecodeOptions::default()
    }
}

fn forced(label: &str) -> DecodeOptions {
    DecodeOptions {
        encoding: Some(label.to_owned()),
        ..whatwg()
    }
}

/// (text, encoding name, source) under `opts`.
fn run(bytes: &[u8], opts: &DecodeOptions) -> (String, String, EncodingSource) {
    let d = decode(bytes, opts).expect("decodes");
    (d.text, d.encoding, d.source)
}

/// "Привет, мир" in windows-1251 and KOI8-R.
const PRIVET_1251: &[u8] = b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0";
const PRIVET_KOI8: &[u8] = b"\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2";

#[test]
fn byte_order_mark_beats_everything() {
    let mut page = b"\xEF\xBB\xBF<meta charset=windows-1251><p>".to_vec();
    page.extend_from_slice("héllo".as_bytes());
    // Even a forced (user or transport) encoding.
    let (text, enc, src) = run(&page, &forced("koi8-r"));
    assert_eq!(text, "<meta charset=windows-1251><p>héllo");
    assert_eq!(
        (enc.as_str(), src),
        ("UTF-8", EncodingSource::ByteOrderMark)
    );

    let le: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("<p>é".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    assert_eq!(run(&le, &whatwg()).0, "<p>é");
    assert_eq!(run(&le, &whatwg()).1, "UTF-16LE");
    let be: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain("<p>é".encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    assert_eq!(run(&be, &whatwg()).1, "UTF-16BE");
    // `FF FE 00 00` is a UTF-16LE BOM in the Encoding Standard (no UTF-32).
    assert_eq!(run(b"\xFF\xFE\0\0", &whatwg()).1, "UTF-16LE");

    // Turned off, the BOM is text.
    let off = DecodeOptions {
        honour_bom: false,
        ..whatwg()
    };
    assert_eq!(run(b"\xEF\xBB\xBFx", &off).0, "\u{feff}x");
}

#[test]
fn transport_charset_beats_meta() {
    // pith-corpus passes the HTTP charset as the forced encoding.
    let mut page = b"<meta charset=windows-1251><p>".to_vec();
    page.extend_from_slice(PRIVET_KOI8);
    let (text, enc, src) = run(&page, &forced("koi8-r"));
    assert!(text.ends_with("Привет, мир"), "{text}");
    assert_eq!((enc.as_str(), src), ("KOI8-R", EncodingSource::Forced));
    // WHATWG labels, not Python codec names.
    assert!(matches!(
        decode(b"x", &forced("latin_1")),
        Err(DecodeError::UnknownEncoding(_))
    ));
    // `latin1` / `iso-8859-1` are windows-1252 in the Encoding Standard.
    assert_eq!(
        run(b"\x93q\x94", &forced("iso-8859-1")).0,
        "\u{201c}q\u{201d}"
    );
}

#[test]
fn meta_charset_decides() {
    let mut page = b"<html><head><meta charset=\"windows-1251\"></head><p>".to_vec();
    page.extend_from_slice(PRIVET_1251);
    let (text, enc, src) = run(&page, &whatwg());
    assert!(text.ends_with("<p>Привет, мир"), "{text}");
    assert_eq!(
        (enc.as_str(), src),
        ("windows-1251", EncodingSource::MetaCharset)
    );
}

#[test]
fn http_equiv_content_with_quotes() {
    for meta in [
        &b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\">"[..],
        b"<meta http-equiv='content-type' content='text/html;charset=\"KOI8-R\"'>",
        b"<meta content=\"text/html; charset='koi8-r'\" http-equiv=Content-Type>",
    ] {
        let mut page = meta.to_vec();
        page.extend_from_slice(PRIVET_KOI8);
        let (text, enc, src) = run(&page, &whatwg());
        assert!(text.ends_with("Привет, мир"), "{text}");
        assert_eq!((enc.as_str(), src), ("KOI8-R", EncodingSource::MetaCharset));
    }
    // No http-equiv: the content attribute alone does not count.
    let mut page = b"<meta content=\"text/html; charset=koi8-r\">".to_vec();
    page.extend_from_slice(PRIVET_KOI8);
    assert_ne!(run(&page, &whatwg()).2, EncodingSource::MetaCharset);
}

#[test]
fn utf16_meta_on_an_ascii_page_means_utf8() {
    let page = "<meta charset=utf-16><p>héllo".as_bytes();
    let (text, enc, src) = run(page, &whatwg());
    assert_eq!(text, "<meta charset=utf-16><p>héllo");
    assert_eq!((enc.as_str(), src), ("UTF-8", EncodingSource::MetaCharset));
}

#[test]
fn x_user_defined_means_windows_1252() {
    let (text, enc, _) = run(b"<meta charset=x-user-defined><p>\x93q\x94", &whatwg());
    assert!(text.ends_with("\u{201c}q\u{201d}"), "{text}");
    assert_eq!(enc, "windows-1252");
}

#[test]
fn replacement_labels_decode_to_one_replacement_character() {
    let d = decode(b"<meta charset=iso-2022-kr><p>text", &whatwg()).unwrap();
    assert_eq!(d.text, "\u{fffd}");
    assert_eq!(d.encoding, "replacement");
    assert!(d.replaced);
}

#[test]
fn a_label_after_1024_bytes_is_not_prescanned() {
    let mut page = b"<p>".to_vec();
    page.resize(1024 - b"<meta charset=koi8-r>".len(), b' ');
    page.extend_from_slice(b"<meta charset=koi8-r>");
    assert_eq!(page.len(), 1024);
    page.extend_from_slice(PRIVET_KOI8);
    assert_eq!(run(&page, &whatwg()).2, EncodingSource::MetaCharset);
    assert_eq!(run(&page, &whatwg()).1, "KOI8-R");
    // One byte further and the `>` is past the window: the prescan does not see it ...
    page.insert(0, b' ');
    assert_eq!(pith_dom::decode::whatwg_prescan(&page[..1024]), None);
    // ... but the parser meets it while the encoding is a guess: "change the encoding".
    let o = DecodeOptions {
        default_encoding: "windows-1252".into(),
        ..whatwg()
    };
    let (text, enc, src) = run(&page, &o);
    assert_eq!((enc.as_str(), src), ("KOI8-R", EncodingSource::MetaCharset));
    assert!(text.ends_with("Привет, мир"), "{text}");
}

/// A page of windows-1251 text the detector recognises, `<p>` first, then `tail`.
fn russian_page(tail: &[u8]) -> Vec<u8> {
    let mut page = b"<html><body><p>".to_vec();
    for _ in 0..60 {
        page.extend_from_slice(PRIVET_1251);
        page.extend_from_slice(b" \xe4\xee\xe1\xf0\xfb\xe9 \xe4\xe5\xed\xfc. ");
    }
    assert!(page.len() > 1024);
    page.extend_from_slice(tail);
    page
}

#[test]
fn a_late_meta_changes_a_guessed_encoding() {
    // The detector guesses windows-1251; a `<meta>` 1.5 KB in says KOI8-R: KOI8-R, as
    // a browser reparses.
    let (_, enc, src) = run(&russian_page(b""), &whatwg());
    assert_eq!(
        (enc.as_str(), src),
        ("windows-1251", EncodingSource::Detector)
    );
    let late = russian_page(b"<meta charset=koi8-r><p>");
    let (text, enc, src) = run(&late, &whatwg());
    assert_eq!((enc.as_str(), src), ("KOI8-R", EncodingSource::MetaCharset));
    assert!(!text.contains("Привет"), "read as KOI8-R now: {text}");
    // The http-equiv form too.
    let late = russian_page(b"<meta http-equiv=Content-Type content='text/html; charset=koi8-r'>");
    assert_eq!(run(&late, &whatwg()).1, "KOI8-R");
    // A `<meta>` naming the guess confirms it.
    let same = russian_page(b"<meta charset=cp1251>");
    assert_eq!(
        run(&same, &whatwg()).2,
        EncodingSource::Detector,
        "no change: the guess was right"
    );
    // UTF-16 means UTF-8 and x-user-defined windows-1252, as in the prescan.
    assert_eq!(
        run(&russian_page(b"<meta charset=utf-16le>"), &whatwg()).1,
        "UTF-8"
    );
    assert_eq!(
        run(&russian_page(b"<meta charset=x-user-defined>"), &whatwg()).1,
        "windows-1252"
    );
    // An unknown label is skipped for the next `<meta>`.
    let next = russian_page(b"<meta charset=no-such><meta charset=koi8-r>");
    assert_eq!(run(&next, &whatwg()).1, "KOI8-R");
}

#[test]
fn a_late_meta_the_parser_does_not_meet_changes_nothing() {
    for tail in [
        &b"<script>document.write('<meta charset=koi8-r>')</script>"[..],
        b"<title><meta charset=koi8-r></title>",
        b"<textarea><meta charset=koi8-r></textarea>",
        b"<style>/* <meta charset=koi8-r> */</style>",
        b"<plaintext><meta charset=koi8-r>",
        b"<!-- <meta charset=koi8-r> -->",
        b"<p title='<meta charset=koi8-r>'>",
    ] {
        let (_, enc, src) = run(&russian_page(tail), &whatwg());
        assert_eq!(
            (enc.as_str(), src),
            ("windows-1251", EncodingSource::Detector),
            "{}",
            String::from_utf8_lossy(tail)
        );
    }
    // After the end tag, the parser meets markup again.
    let after = russian_page(b"<SCRIPT>x = '<meta charset=big5>';</Script ><meta charset=koi8-r>");
    assert_eq!(run(&after, &whatwg()).1, "KOI8-R");
}

#[test]
fn a_late_meta_changes_no_certain_encoding() {
    let tail = b"<meta charset=koi8-r>";
    // Valid UTF-8 (pith's step 4) is not a guess.
    let mut utf8 = "<p>Привет, мир. ".repeat(80).into_bytes();
    utf8.extend_from_slice(tail);
    assert_eq!(run(&utf8, &whatwg()).2, EncodingSource::Utf8);
    // Nor is a forced (user or transport) encoding, or a byte-order mark.
    let page = russian_page(tail);
    assert_eq!(
        run(&page, &forced("windows-1251")).2,
        EncodingSource::Forced
    );
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(&utf8);
    assert_eq!(run(&bom, &whatwg()).2, EncodingSource::ByteOrderMark);
    // A UTF-16 guess stays, as in the standard.
    let utf16 = DecodeOptions {
        default_encoding: "utf-16le".into(),
        ..whatwg()
    };
    assert_eq!(run(&page, &utf16).1, "UTF-16LE");
    // And `sniff_meta: false` turns it off with the prescan.
    let off = DecodeOptions {
        sniff_meta: false,
        ..whatwg()
    };
    assert_eq!(run(&page, &off).2, EncodingSource::Detector);
}

#[test]
fn comments_hide_declarations() {
    let mut page = b"<!-- <meta charset=koi8-r> --><meta charset=windows-1251>".to_vec();
    page.extend_from_slice(PRIVET_1251);
    assert_eq!(run(&page, &whatwg()).1, "windows-1251");
}

#[test]
fn xml_declaration_when_no_meta() {
    let d = run(
        b"<?xml version=\"1.0\" encoding=\"iso-8859-2\"?><p>\xb1",
        &whatwg(),
    );
    assert_eq!(d.0, "<?xml version=\"1.0\" encoding=\"iso-8859-2\"?><p>ą");
    assert_eq!(d.2, EncodingSource::XmlDeclaration);
    let off = DecodeOptions {
        sniff_xml_declaration: false,
        ..whatwg()
    };
    assert_ne!(
        run(b"<?xml encoding=\"iso-8859-2\"?><p>\xb1", &off).2,
        EncodingSource::XmlDeclaration
    );
}

#[test]
fn valid_utf8_first_and_borrowed() {
    let page = "<p>Grüße, 世界</p>".as_bytes();
    let d = decode_borrowed(page, &whatwg()).unwrap();
    assert!(matches!(d.text, Cow::Borrowed(_)));
    assert_eq!(
        (d.encoding.as_str(), d.source),
        ("UTF-8", EncodingSource::Utf8)
    );
}

#[test]
fn detector_guesses_undeclared_legacy_pages() {
    let mut page = b"<html><body><p>".to_vec();
    for _ in 0..20 {
        page.extend_from_slice(PRIVET_1251);
        page.extend_from_slice(b" \xe4\xee\xe1\xf0\xfb\xe9 \xe4\xe5\xed\xfc. ");
    }
    let (text, enc, src) = run(&page, &whatwg());
    assert!(text.contains("Привет, мир добрый день."), "{text}");
    assert_eq!(
        (enc.as_str(), src),
        ("windows-1251", EncodingSource::Detector)
    );

    // Shift_JIS "日本語のテキストです。" repeated.
    let sjis =
        b"\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83\x65\x83\x4c\x83\x58\x83\x67\x82\xc5\x82\xb7\x81\x42";
    let mut page = b"<p>".to_vec();
    for _ in 0..10 {
        page.extend_from_slice(sjis);
    }
    let (text, enc, _) = run(&page, &whatwg());
    assert_eq!(enc, "Shift_JIS");
    assert!(text.contains("日本語のテキストです。"), "{text}");

    // ISO-2022-JP is 7-bit (valid UTF-8) but its escapes send it to the detector.
    let jis = b"<p>\x1b$BF|K\\8l\x1b(B</p>";
    let (text, enc, _) = run(jis, &whatwg());
    assert_eq!(enc, "ISO-2022-JP");
    assert_eq!(text, "<p>日本語</p>");
}

#[test]
fn a_non_utf8_default_replaces_the_detector() {
    let o = DecodeOptions {
        default_encoding: "koi8-r".into(),
        ..whatwg()
    };
    let (text, enc, src) = run(PRIVET_KOI8, &o);
    assert_eq!(text, "Привет, мир");
    assert_eq!((enc.as_str(), src), ("KOI8-R", EncodingSource::Default));
}

#[test]
fn error_policies_apply() {
    let strict = DecodeOptions {
        errors: ErrorPolicy::Strict,
        ..forced("utf-8")
    };
    assert!(matches!(
        decode(b"ab\xffc", &strict),
        Err(DecodeError::Undecodable { position: 2, .. })
    ));
    let ignore = DecodeOptions {
        errors: ErrorPolicy::Ignore,
        ..forced("utf-8")
    };
    assert_eq!(run(b"ab\xffc", &ignore).0, "abc");
    assert_eq!(run(b"ab\xffc", &forced("utf-8")).0, "ab\u{fffd}c");
}

#[test]
fn python_standard_is_the_default_and_unchanged() {
    assert_eq!(DecodeOptions::default().standard, DecodeStandard::Python);
    // x-user-defined is unknown to Python: the meta is ignored there.
    let d = decode(
        b"<meta charset=x-user-defined>\x93",
        &DecodeOptions::default(),
    )
    .unwrap();
    assert_eq!(d.source, EncodingSource::Default);
    assert_eq!(d.encoding, "utf-8");
}

#[test]
fn standard_field_serialises_only_when_not_python() {
    let json = serde_json::to_value(DecodeOptions::default()).unwrap();
    assert!(json.get("standard").is_none());
    let json = serde_json::to_value(whatwg()).unwrap();
    assert_eq!(json["standard"], "whatwg");
    let back: DecodeOptions = serde_json::from_value(json).unwrap();
    assert_eq!(back, whatwg());
    assert!(serde_json::from_str::<DecodeOptions>(r#"{"standard": "browser"}"#).is_err());
}

/// Labels the property test declares: real ones of every kind, and junk.
const LABELS: &[&str] = &[
    "utf-8",
    "utf-16",
    "utf-16be",
    "x-user-defined",
    "iso-2022-kr",
    "iso-2022-jp",
    "shift_jis",
    "euc-jp",
    "gb18030",
    "big5",
    "euc-kr",
    "windows-1251",
    "koi8-u",
    "iso-8859-8-i",
    "macintosh",
    "bogus",
    "",
    " utf-8 ",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any bytes, declared by any label in any place (meta, http-equiv, XML, forced,
    /// default), with any BOM, policy and top-level-domain hint: no panic, and the text is a `String` (valid
    /// UTF-8 by construction) that is only ever an error under the strict policy.
    #[test]
    fn decoding_never_panics_and_yields_text(
        body in proptest::collection::vec(any::<u8>(), 0..300),
        label in proptest::sample::select(LABELS),
        place in 0u8..6,
        bom in 0u8..4,
        policy in proptest::sample::select(&[ErrorPolicy::Replace, ErrorPolicy::Ignore, ErrorPolicy::Strict][..]),
        tld in proptest::option::of("\\PC{0,8}"),
    ) {
        let mut bytes = match bom {
            1 => b"\xEF\xBB\xBF".to_vec(),
            2 => b"\xFF\xFE".to_vec(),
            3 => b"\xFE\xFF".to_vec(),
            _ => Vec::new(),
        };
        let mut opts = DecodeOptions { errors: policy, tld, ..whatwg() };
        match place {
            0 => bytes.extend_from_slice(format!("<meta charset={label}>").as_bytes()),
            1 => bytes.extend_from_slice(
                format!("<meta http-equiv=content-type content='text/html; charset={label}'>")
                    .as_bytes(),
            ),
            2 => bytes.extend_from_slice(format!("<?xml encoding=\"{label}\"?>").as_bytes()),
            3 => opts.encoding = Some(label.to_owned()),
            4 => opts.default_encoding = label.to_owned(),
            _ => {}
        }
        bytes.extend_from_slice(&body);
        match decode(&bytes, &opts) {
            Ok(d) => {
                prop_assert!(std::str::from_utf8(d.text.as_bytes()).is_ok());
                prop_assert!(d.text.len() <= 3 * bytes.len() + 3);
            }
            Err(DecodeError::Undecodable { position, .. }) => {
                prop_assert_eq!(policy, ErrorPolicy::Strict);
                prop_assert!(position <= bytes.len());
            }
            Err(DecodeError::UnknownEncoding(l)) => {
                // Only a forced label can be unknown.
                prop_assert_eq!(place, 3);
                prop_assert_eq!(l, label);
            }
            Err(e) => prop_assert!(false, "{}", e),
        }
    }
}

#[test]
fn the_top_level_domain_tilts_the_detector() {
    // Two bytes that are nothing in particular: the TLD decides, as in Firefox.
    let page = b"<p>\xe4\xe5";
    let with = |tld: Option<&str>| {
        let o = DecodeOptions {
            tld: tld.map(str::to_owned),
            ..whatwg()
        };
        let d = decode(page, &o).unwrap();
        assert_eq!(d.source, EncodingSource::Detector);
        d.encoding
    };
    assert_eq!(with(None), "windows-1252");
    assert_eq!(with(Some("cn")), "GBK");
    assert_eq!(with(Some("jp")), "Shift_JIS");
    assert_eq!(with(Some("tw")), "Big5");
    // Not a usable TLD (chardetng would panic on these): ignored.
    assert_eq!(with(Some("CN")), "windows-1252");
    assert_eq!(with(Some("co.jp")), "windows-1252");
    assert_eq!(with(Some("日本")), "windows-1252");
    // A declaration still beats it.
    let o = DecodeOptions {
        tld: Some("cn".into()),
        ..whatwg()
    };
    assert_eq!(
        decode(b"<meta charset=koi8-r>\xe4\xe5", &o)
            .unwrap()
            .encoding,
        "KOI8-R"
    );
}

#[test]
fn tld_of_url() {
    use pith_dom::decode::whatwg::tld_of_url;
    assert_eq!(
        tld_of_url("http://www.example.co.JP:8080/a?b#c").as_deref(),
        Some("jp")
    );
    assert_eq!(
        tld_of_url("https://user@xn--80aswg.xn--p1ai./x").as_deref(),
        Some("xn--p1ai")
    );
    assert_eq!(tld_of_url("http://0513mt.com").as_deref(), Some("com"));
    assert_eq!(tld_of_url("http://192.168.0.1/"), None);
    assert_eq!(tld_of_url("http://[::1]:80/"), None);
    assert_eq!(tld_of_url("http:///path"), None);
    assert_eq!(
        tld_of_url("http://localhost/").as_deref(),
        Some("localhost")
    );
}
