//! Golden tests for `pith_dom::decode`. Every expected string was produced by Python
//! 3.11 on the reference machine (the expression is quoted next to each value), and the
//! rule numbers refer to the module documentation.

use std::borrow::Cow;

use pith_dom::decode::{
    decode, decode_borrowed, decode_str_default, lookup_codec, sniff_meta_charset,
    sniff_xml_encoding, DecodeError, DecodeOptions, Decoded, EncodingSource, ErrorPolicy,
};

fn opts() -> DecodeOptions {
    DecodeOptions::default()
}

fn with_policy(errors: ErrorPolicy) -> DecodeOptions {
    DecodeOptions {
        errors,
        ..DecodeOptions::default()
    }
}

fn forced(label: &str, errors: ErrorPolicy) -> DecodeOptions {
    DecodeOptions {
        encoding: Some(label.to_owned()),
        errors,
        ..DecodeOptions::default()
    }
}

fn ok(bytes: &[u8], o: &DecodeOptions) -> Decoded {
    decode(bytes, o).expect("decodes")
}

fn page(head: &[u8], body: &[u8]) -> Vec<u8> {
    let mut v = head.to_vec();
    v.extend_from_slice(body);
    v
}

// ---------------------------------------------------------------------------------------
// The meta regex: re.search(br'''<meta[^>]+charset=["']?([^'"/>\s]+)''', b, re.I)

#[test]
fn meta_regex_matches_python() {
    // (input, Python's match.group(1) or None)
    let cases: &[(&[u8], Option<&[u8]>)] = &[
        (b"<meta charset=\"utf-8\">", Some(b"utf-8")),
        (
            b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-2\">",
            Some(b"ISO-8859-2"),
        ),
        (
            b"<META CONTENT=\"text/html; CHARSET=windows-1250\" HTTP-EQUIV=\"content-type\">",
            Some(b"windows-1250"),
        ),
        // greedy [^>]+: the last charset= inside the tag wins
        (
            b"<meta charset=\"x\" content=\"charset=koi8-r\">",
            Some(b"koi8-r"),
        ),
        (b"<meta charset = \"utf-8\">", None),
        (b"<p>see <meta charset=cp1251></p>", Some(b"cp1251")),
        (b"<metacharset=utf-8>", None),
        (b"<meta charset=>", None),
        (b"<meta charset=\"\">x charset=latin1>", None),
        (b"<meta x>\n<meta charset='cp1252'>", Some(b"cp1252")),
        (b"<meta\ncharset=\x0butf-8>", None),
        (b"<meta charset=utf-8\x0bx>", Some(b"utf-8")),
        (b"<meta charset=\"big5/x\">", Some(b"big5")),
        // backtracking: the last charset= *followed by a label byte*
        (b"<meta charset=utf8 charset=>", Some(b"utf8")),
        (b"<meta a=b\ncharset=latin1", Some(b"latin1")),
        (b"<meta charset=\xe9t\xe9>", Some(b"\xe9t\xe9")),
        (b"<meta charset=\"\">", None),
        (b"<meta charset=a>charset=b>", Some(b"a")),
        (b"", None),
    ];
    for (input, want) in cases {
        assert_eq!(
            sniff_meta_charset(input),
            *want,
            "{}",
            String::from_utf8_lossy(input)
        );
    }
}

// ---------------------------------------------------------------------------------------
// Rule 2: meta charset

#[test]
fn meta_in_either_attribute_order() {
    // 'Привет'.encode('cp1251') == b'\xcf\xf0\xe8\xe2\xe5\xf2'
    let body = b"<p>\xcf\xf0\xe8\xe2\xe5\xf2</p>";
    let a = page(
        b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">",
        body,
    );
    let b = page(
        b"<META CONTENT='text/html; charset=windows-1251' HTTP-EQUIV='Content-Type'>",
        body,
    );
    for bytes in [a, b] {
        let d = ok(&bytes, &opts());
        assert!(d.text.ends_with("<p>Привет</p>"), "{}", d.text);
        assert_eq!(d.encoding, "cp1251");
        assert_eq!(d.source, EncodingSource::MetaCharset);
        assert!(!d.replaced);
    }
}

#[test]
fn last_charset_in_the_tag_wins() {
    // 'Привет'.encode('koi8-r') == b'\xf0\xd2\xc9\xd7\xc5\xd4'
    let bytes = page(
        b"<meta charset=\"cp1251\" content=\"charset=koi8-r\">",
        b"\xf0\xd2\xc9\xd7\xc5\xd4",
    );
    let d = ok(&bytes, &opts());
    assert_eq!(d.encoding, "koi8-r");
    assert!(d.text.ends_with("Привет"));
}

#[test]
fn spaced_charset_is_not_a_match() {
    // b'<meta charset = "latin1">caf\xe9'.decode('utf8', 'replace')
    let d = ok(b"<meta charset = \"latin1\">caf\xe9", &opts());
    assert_eq!(d.text, "<meta charset = \"latin1\">caf\u{fffd}");
    assert_eq!(d.source, EncodingSource::Default);
    assert_eq!(d.encoding, "utf-8");
    assert!(d.replaced);
}

#[test]
fn meta_inside_body_text_is_matched() {
    let bytes =
        b"<p>Use &lt;meta charset=...&gt; like <code><meta charset=latin-1></code> caf\xe9</p>";
    let d = ok(bytes, &opts());
    assert_eq!(d.source, EncodingSource::MetaCharset);
    assert_eq!(d.encoding, "iso8859-1");
    assert!(d.text.ends_with("caf\u{e9}</p>"));
}

#[test]
fn non_ascii_meta_label_is_ignored() {
    // The reference crashes (UnicodeDecodeError in .decode("ASCII")); pith ignores it.
    let d = ok(b"<meta charset=\xe9t\xe9>abc", &opts());
    assert_eq!(d.source, EncodingSource::Default);
    assert_eq!(d.text, "<meta charset=\u{fffd}t\u{fffd}>abc");
    let d = ok(b"<meta charset=\xc3\xa9>abc", &opts());
    assert_eq!(d.source, EncodingSource::Utf8);
    assert_eq!(d.text, "<meta charset=é>abc");
}

#[test]
fn unknown_and_non_text_meta_labels_are_ignored() {
    for label in [
        "x-sjis",
        "windows-31j",
        "x-user-defined",
        "bogus",
        "base64",
        "latin.1",
    ] {
        let bytes = format!("<meta charset={label}>caf\u{e9}");
        let d = ok(bytes.as_bytes(), &opts());
        assert_eq!(d.source, EncodingSource::Utf8, "{label}");
        assert_eq!(d.text, bytes);
    }
    // ... and then the default encoding applies to non-UTF-8 bytes.
    let o = DecodeOptions {
        default_encoding: "cp1252".into(),
        ..opts()
    };
    let d = ok(b"<meta charset=x-sjis>\x93hi\x94", &o);
    assert_eq!(d.source, EncodingSource::Default);
    assert_eq!(d.encoding, "cp1252");
    assert_eq!(d.text, "<meta charset=x-sjis>\u{201c}hi\u{201d}");
}

#[test]
fn meta_label_normalisation() {
    // 'caf\xe9' under codecs named loosely
    for label in ["UTF8;", "'utf-8'", "Latin_1", "iso.8859.1", "l1", "CP819"] {
        let bytes = format!("<meta charset={label}>ok");
        assert_eq!(
            ok(bytes.as_bytes(), &opts()).source,
            EncodingSource::MetaCharset,
            "{label}"
        );
    }
}

#[test]
fn meta_utf16_reproduces_the_reference() {
    // b'<meta charset="utf-16">hi!'.decode('utf-16', 'replace')
    let d = ok(b"<meta charset=\"utf-16\">hi!", &opts());
    assert_eq!(d.text, "洼瑥\u{2061}档牡敳㵴產晴ㄭ∶栾Ⅹ");
    assert_eq!(d.encoding, "utf-16");
    assert!(!d.replaced);
    // b'<meta charset="utf-16">hi'.decode('utf-16', 'replace'): odd length, truncated data
    let d = ok(b"<meta charset=\"utf-16\">hi", &opts());
    assert_eq!(d.text, "洼瑥\u{2061}档牡敳㵴產晴ㄭ∶栾\u{fffd}");
    assert!(d.replaced);
}

#[test]
fn meta_declared_codec_fails_strictly() {
    // b'<meta charset=ascii>caf\xe9'.decode('ascii') -> UnicodeDecodeError at 24
    let err = decode(
        b"<meta charset=ascii>caf\xe9",
        &with_policy(ErrorPolicy::Strict),
    );
    assert_eq!(
        err,
        Err(DecodeError::Undecodable {
            encoding: "ascii".into(),
            position: 23
        })
    );
}

#[test]
fn cjk_meta_labels() {
    // '日本語'.encode('shift_jis'), .encode('euc_jp'); '한국어'.encode('euc_kr');
    // '中文'.encode('gb2312'), .encode('big5')
    let cases: &[(&str, &[u8], &str, &str)] = &[
        ("shift_jis", b"\x93\xfa\x96{\x8c\xea", "日本語", "shift_jis"),
        ("sjis", b"\x93\xfa\x96{\x8c\xea", "日本語", "shift_jis"),
        ("EUC-JP", b"\xc6\xfc\xcb\xdc\xb8\xec", "日本語", "euc_jp"),
        ("euc-kr", b"\xc7\xd1\xb1\xb9\xbe\xee", "한국어", "euc_kr"),
        (
            "ks_c_5601-1987",
            b"\xc7\xd1\xb1\xb9\xbe\xee",
            "한국어",
            "euc_kr",
        ),
        ("gb2312", b"\xd6\xd0\xce\xc4", "中文", "gb2312"),
        ("big5", b"\xa4\xa4\xa4\xe5", "中文", "big5"),
    ];
    for (label, body, text, name) in cases {
        let bytes = page(format!("<meta charset={label}>").as_bytes(), body);
        let d = ok(&bytes, &opts());
        assert_eq!(d.encoding, *name, "{label}");
        assert!(d.text.ends_with(text), "{label}: {}", d.text);
        assert!(!d.replaced);
    }
}

// ---------------------------------------------------------------------------------------
// Rule 1: forced encoding

#[test]
fn forced_latin1_is_true_latin1() {
    // b'\x80abc\x9f'.decode('latin-1') == '\x80abc\x9f'
    for label in [
        "latin-1",
        "iso-8859-1",
        "latin1",
        "l1",
        "cp819",
        "ISO_8859-1:1987",
    ] {
        let d = ok(b"\x80abc\x9f", &forced(label, ErrorPolicy::Strict));
        assert_eq!(d.text, "\u{80}abc\u{9f}", "{label}");
        assert_eq!(d.encoding, "iso8859-1");
        assert_eq!(d.source, EncodingSource::Forced);
    }
}

#[test]
fn forced_encoding_beats_everything() {
    let d = ok(
        b"\xef\xbb\xbf<meta charset=cp1251>caf\xc3\xa9",
        &forced("latin-1", ErrorPolicy::Replace),
    );
    assert_eq!(
        d.text,
        "\u{ef}\u{bb}\u{bf}<meta charset=cp1251>caf\u{c3}\u{a9}"
    );
}

#[test]
fn forced_ascii_replace_and_ignore() {
    // b'a\x80b\xffc'.decode('ascii','replace') == 'a\ufffdb\ufffdc'; 'ignore' -> 'abc'
    let d = ok(b"a\x80b\xffc", &forced("ascii", ErrorPolicy::Replace));
    assert_eq!(d.text, "a\u{fffd}b\u{fffd}c");
    assert!(d.replaced);
    let d = ok(b"a\x80b\xffc", &forced("US-ASCII", ErrorPolicy::Ignore));
    assert_eq!(d.text, "abc");
    assert!(d.replaced);
}

#[test]
fn forced_cp1252_undefined_bytes() {
    // b'\x80\x81\x8d\x8f\x90\x9d\x9f'.decode('cp1252','replace') == '€\ufffd\ufffd\ufffd\ufffd\ufffdŸ'
    let d = ok(
        b"\x80\x81\x8d\x8f\x90\x9d\x9f",
        &forced("windows-1252", ErrorPolicy::Replace),
    );
    assert_eq!(d.text, "€\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}Ÿ");
    // b'\x93quoted\x94 \x80'.decode('cp1252') == '“quoted” €'
    let d = ok(
        b"\x93quoted\x94 \x80",
        &forced("cp1252", ErrorPolicy::Strict),
    );
    assert_eq!(d.text, "“quoted” €");
    assert!(!d.replaced);
    // b'abc\x81def'.decode('cp1252') raises at position 3
    assert_eq!(
        decode(b"abc\x81def", &forced("cp1252", ErrorPolicy::Strict)),
        Err(DecodeError::Undecodable {
            encoding: "cp1252".into(),
            position: 3
        })
    );
}

#[test]
fn forced_other_single_byte_codecs() {
    // b'\xc1\xe9'.decode(...) for mac_roman, cp437, koi8-r; b'\xc1\x81'.decode('cp037')
    assert_eq!(
        ok(b"\xc1\xe9", &forced("macintosh", ErrorPolicy::Strict)).text,
        "¡È"
    );
    assert_eq!(
        ok(b"\xc1\xe9", &forced("437", ErrorPolicy::Strict)).text,
        "┴Θ"
    );
    assert_eq!(
        ok(b"\xc1\xe9", &forced("KOI8-R", ErrorPolicy::Strict)).text,
        "аИ"
    );
    assert_eq!(
        ok(b"\xc1\x81", &forced("ebcdic-cp-us", ErrorPolicy::Strict)).text,
        "Aa"
    );
}

#[test]
fn forced_utf7() {
    // b'Hi Mom -+Jjo--!'.decode('utf-7') == 'Hi Mom -☺-!'
    assert_eq!(
        ok(b"Hi Mom -+Jjo--!", &forced("utf-7", ErrorPolicy::Strict)).text,
        "Hi Mom -☺-!"
    );
    // b'+2D3eAA-x' -> '😀x'; b'+2D3-x' -> '\ufffdx'; b'+AGE' -> 'a'; b'+AG-' -> '\ufffd';
    // b'a+!b' -> 'a\ufffdb'   (all with errors='replace')
    let r = |b: &[u8]| ok(b, &forced("utf7", ErrorPolicy::Replace)).text;
    assert_eq!(r(b"+2D3eAA-x"), "😀x");
    assert_eq!(r(b"+2D3-x"), "\u{fffd}x");
    assert_eq!(r(b"+AGE"), "a");
    assert_eq!(r(b"+AG-"), "\u{fffd}");
    assert_eq!(r(b"a+!b"), "a\u{fffd}b");
}

#[test]
fn forced_utf16_and_utf32() {
    // b'\x00\xd8\x00\xdc'.decode('utf-16-le') == '\U00010000'
    assert_eq!(
        ok(
            b"\x00\xd8\x00\xdc",
            &forced("utf-16-le", ErrorPolicy::Strict)
        )
        .text,
        "\u{10000}"
    );
    // utf-16 honours a BOM, else little-endian
    for bytes in [
        &b"\xff\xfeh\x00i\x00"[..],
        b"\xfe\xff\x00h\x00i",
        b"h\x00i\x00",
    ] {
        assert_eq!(ok(bytes, &forced("UTF-16", ErrorPolicy::Strict)).text, "hi");
    }
    // b'\x00\x00\x11\x00a\x00\x00\x00'.decode('utf-32','replace') == '\ufffda'
    assert_eq!(
        ok(
            b"\x00\x00\x11\x00a\x00\x00\x00",
            &forced("utf-32", ErrorPolicy::Replace)
        )
        .text,
        "\u{fffd}a"
    );
}

#[test]
fn forced_empty_string_counts_as_absent() {
    let d = ok(b"caf\xc3\xa9", &forced("", ErrorPolicy::Strict));
    assert_eq!(d.source, EncodingSource::Utf8);
}

#[test]
fn forced_unknown_encoding_is_an_error() {
    for label in ["bogus", "x-sjis", "base64", "hz", "UCS-2"] {
        assert_eq!(
            decode(b"abc", &forced(label, ErrorPolicy::Replace)),
            Err(DecodeError::UnknownEncoding(label.into()))
        );
    }
}

// ---------------------------------------------------------------------------------------
// Rule 3: UTF-8, then the default encoding

#[test]
fn utf8_lossy_per_maximal_subsequence() {
    // b'a\xf0\x9f\x98b\xed\xa0\x80c\xc0\xafd\xe2\x82'.decode('utf-8','replace')
    let bytes = b"a\xf0\x9f\x98b\xed\xa0\x80c\xc0\xafd\xe2\x82";
    let d = ok(bytes, &opts());
    assert_eq!(
        d.text,
        "a\u{fffd}b\u{fffd}\u{fffd}\u{fffd}c\u{fffd}\u{fffd}d\u{fffd}"
    );
    assert_eq!(d.text, String::from_utf8_lossy(bytes));
    assert_eq!(d.source, EncodingSource::Default);
    assert_eq!(d.encoding, "utf-8");
    assert!(d.replaced);
    // ... .decode('utf-8','ignore') == 'abcd'
    let d = ok(bytes, &with_policy(ErrorPolicy::Ignore));
    assert_eq!(d.text, "abcd");
    assert!(d.replaced);
}

#[test]
fn valid_utf8_is_not_replaced() {
    let d = ok(
        "Zażółć gęślą jaźń".as_bytes(),
        &with_policy(ErrorPolicy::Strict),
    );
    assert_eq!(d.text, "Zażółć gęślą jaźń");
    assert_eq!(d.source, EncodingSource::Utf8);
    assert!(!d.replaced);
}

#[test]
fn strict_failure_names_the_encoding() {
    // b'abc\xffdef'.decode('utf-8') raises at position 3
    assert_eq!(
        decode(b"abc\xffdef", &with_policy(ErrorPolicy::Strict)),
        Err(DecodeError::Undecodable {
            encoding: "utf-8".into(),
            position: 3
        })
    );
}

#[test]
fn default_encoding_is_used_after_utf8_fails() {
    let o = DecodeOptions {
        default_encoding: "iso-8859-2".into(),
        errors: ErrorPolicy::Strict,
        ..opts()
    };
    // 'Zażółć gęślą jaźń'.encode('iso-8859-2')
    let d = ok(b"Za\xbf\xf3\xb3\xe6 g\xea\xb6l\xb1 ja\xbc\xf1", &o);
    assert_eq!(d.text, "Zażółć gęślą jaźń");
    assert_eq!(d.encoding, "iso8859-2");
    assert_eq!(d.source, EncodingSource::Default);
}

#[test]
fn unknown_default_encoding_only_matters_when_used() {
    let o = DecodeOptions {
        default_encoding: "bogus".into(),
        ..opts()
    };
    assert_eq!(ok(b"fine", &o).text, "fine");
    assert_eq!(
        decode(b"caf\xe9", &o),
        Err(DecodeError::UnknownEncoding("bogus".into()))
    );
}

#[test]
fn empty_input() {
    for o in [
        opts(),
        with_policy(ErrorPolicy::Strict),
        forced("utf-16", ErrorPolicy::Strict),
    ] {
        let d = ok(b"", &o);
        assert_eq!(d.text, "");
        assert!(!d.replaced);
    }
    assert_eq!(ok(b"", &opts()).source, EncodingSource::Utf8);
}

// ---------------------------------------------------------------------------------------
// Extensions: BOM and XML declaration

#[test]
fn byte_order_marks() {
    // 'żółw'.encode('utf-16-le') == b'|\x01\xf3\x00B\x01w\x00'
    let cases: &[(&[u8], &str)] = &[
        (b"\xef\xbb\xbf\xc5\xbc\xc3\xb3\xc5\x82w", "utf-8"),
        (b"\xff\xfe|\x01\xf3\x00B\x01w\x00", "utf-16-le"),
        (b"\xfe\xff\x01|\x00\xf3\x01B\x00w", "utf-16-be"),
        (
            b"\xff\xfe\x00\x00|\x01\x00\x00\xf3\x00\x00\x00B\x01\x00\x00w\x00\x00\x00",
            "utf-32-le",
        ),
        (
            b"\x00\x00\xfe\xff\x00\x00\x01|\x00\x00\x00\xf3\x00\x00\x01B\x00\x00\x00w",
            "utf-32-be",
        ),
    ];
    for (bytes, name) in cases {
        let d = ok(bytes, &opts());
        assert_eq!(d.text, "żółw", "{name}");
        assert_eq!(d.encoding, *name);
        assert_eq!(d.source, EncodingSource::ByteOrderMark);
    }
    // The BOM beats a meta tag.
    let d = ok(b"\xef\xbb\xbf<meta charset=latin1>\xc3\xa9", &opts());
    assert_eq!(d.text, "<meta charset=latin1>é");
    // Without the extension, the reference keeps U+FEFF (b'\xef\xbb\xbfhi'.decode('utf8')).
    let o = DecodeOptions {
        honour_bom: false,
        ..opts()
    };
    assert_eq!(ok(b"\xef\xbb\xbfhi", &o).text, "\u{feff}hi");
    // Strict errors after a BOM are reported at their offset in the input.
    assert_eq!(
        decode(b"\xef\xbb\xbfab\xff", &with_policy(ErrorPolicy::Strict)),
        Err(DecodeError::Undecodable {
            encoding: "utf-8".into(),
            position: 5
        })
    );
}

#[test]
fn xml_declaration_iso_8859_2() {
    let bytes = page(
        b"<?xml version=\"1.0\" encoding=\"iso-8859-2\"?>\n<html><body><p>",
        b"Za\xbf\xf3\xb3\xe6 g\xea\xb6l\xb1 ja\xbc\xf1</p></body></html>",
    );
    let d = ok(&bytes, &opts());
    assert_eq!(d.source, EncodingSource::XmlDeclaration);
    assert_eq!(d.encoding, "iso8859-2");
    assert!(d.text.contains("<p>Zażółć gęślą jaźń</p>"));
    assert!(!d.replaced);
    // Without the extension: the reference's UTF-8 'replace' reading,
    // b'Za\xbf\xf3\xb3\xe6 g\xea\xb6l\xb1 ja\xbc\xf1'.decode('utf-8','replace')
    let o = DecodeOptions {
        sniff_xml_declaration: false,
        ..opts()
    };
    let d = ok(&bytes, &o);
    assert!(d
        .text
        .contains("<p>Za\u{fffd}\u{fffd}\u{fffd} g\u{fffd}l\u{fffd} ja\u{fffd}\u{fffd}</p>"));
    // A usable meta charset wins over the declaration.
    let bytes = page(
        b"<?xml version='1.0' encoding='iso-8859-2'?><meta charset=latin1>",
        b"\xbf",
    );
    assert_eq!(ok(&bytes, &opts()).text.chars().last(), Some('¿'));
    // An unknown meta label does not stop the declaration.
    let bytes = page(
        b" \n<?xml version='1.0' encoding='ISO-8859-2'?><meta charset=x-bogus>",
        b"\xbf",
    );
    assert_eq!(ok(&bytes, &opts()).text.chars().last(), Some('ż'));
}

#[test]
fn xml_declaration_sniffing() {
    assert_eq!(
        sniff_xml_encoding(b"<?xml version=\"1.0\" encoding=\"utf-8\"?>"),
        Some(&b"utf-8"[..])
    );
    assert_eq!(
        sniff_xml_encoding(b"\r\n <?xml version = '1.0' encoding = 'koi8-r' ?>"),
        Some(&b"koi8-r"[..])
    );
    assert_eq!(sniff_xml_encoding(b"<?xml version=\"1.0\"?>"), None);
    assert_eq!(
        sniff_xml_encoding(b"x<?xml version=\"1.0\" encoding=\"utf-8\"?>"),
        None
    );
    assert_eq!(
        sniff_xml_encoding(b"<?xml-stylesheet encoding=\"utf-8\"?>"),
        None
    );
    assert_eq!(sniff_xml_encoding(b"<?xml encoding=\"\"?>"), None);
    assert_eq!(sniff_xml_encoding(b"<?xml encoding=\"utf-8"), None);
    // A UTF-16 declaration readable as ASCII is wrong and ignored.
    let d = ok(
        b"<?xml version=\"1.0\" encoding=\"utf-16\"?><a>hi</a>",
        &opts(),
    );
    assert_eq!(d.source, EncodingSource::Utf8);
    assert_eq!(
        d.text,
        "<?xml version=\"1.0\" encoding=\"utf-16\"?><a>hi</a>"
    );
}

#[test]
fn meta_sniffing_can_be_turned_off() {
    let o = DecodeOptions {
        sniff_meta: false,
        ..opts()
    };
    let d = ok(b"<meta charset=latin1>caf\xc3\xa9", &o);
    assert_eq!(d.source, EncodingSource::Utf8);
    assert_eq!(d.text, "<meta charset=latin1>café");
}

// ---------------------------------------------------------------------------------------
// Codec lookup

#[test]
fn lookup_matches_python_names() {
    // codecs.lookup(label).name
    let known: &[(&str, &str)] = &[
        ("UTF8", "utf-8"),
        ("utf-8;", "utf-8"),
        ("  Latin_1 ", "iso8859-1"),
        ("l1", "iso8859-1"),
        ("cp819", "iso8859-1"),
        ("iso_8859-1:1987", "iso8859-1"),
        ("windows-1252", "cp1252"),
        ("ks_c_5601-1987", "euc_kr"),
        ("ms_kanji", "cp932"),
        ("macintosh", "mac-roman"),
        ("csisolatin2", "iso8859-2"),
        ("u8", "utf-8"),
        ("utf", "utf-8"),
        ("866", "cp866"),
        ("sjis", "shift_jis"),
        ("eucjp", "euc_jp"),
        ("x-mac-japanese", "shift_jis"),
        ("iso-2022-jp", "iso2022_jp"),
        ("utf-16le", "utf-16-le"),
        ("tis-620", "tis-620"),
        ("latin10", "iso8859-16"),
        ("cp65001", "utf-8"),
        ("utfé8", "utf-8"),
    ];
    for (label, name) in known {
        assert_eq!(
            lookup_codec(label).map(|c| c.name().to_owned()),
            Some(name.to_string()),
            "{label}"
        );
    }
    let unknown = [
        "x-sjis",
        "windows-31j",
        "windows-949",
        "windows-874",
        "x-cp1252",
        "x-mac-roman",
        "x-mac-cyrillic",
        "iso-8859-8-i",
        "koi8-ru",
        "x-gbk",
        "gb_2312-80",
        "cn-big5",
        "x-euc-jp",
        "unicode",
        "unicode-1-1-utf-8",
        "x-user-defined",
        "replacement",
        "UCS-2",
        "utf..8",
        "latin.1",
        ".utf8",
        "Ｕtf8",
        "",
        "base64",
        "rot13",
    ];
    for label in unknown {
        assert!(lookup_codec(label).is_none(), "{label}");
    }
}

#[test]
fn approximations_are_flagged() {
    assert!(lookup_codec("shift_jis").unwrap().is_approximation());
    assert!(!lookup_codec("cp1252").unwrap().is_approximation());
    assert!(!lookup_codec("utf-7").unwrap().is_approximation());
}

#[test]
fn error_policy_parsing() {
    assert_eq!("STRICT".parse::<ErrorPolicy>(), Ok(ErrorPolicy::Strict));
    assert_eq!("Replace".parse::<ErrorPolicy>(), Ok(ErrorPolicy::Replace));
    assert_eq!("ignore".parse::<ErrorPolicy>(), Ok(ErrorPolicy::Ignore));
    assert!("surrogateescape".parse::<ErrorPolicy>().is_err());
    assert_eq!(ErrorPolicy::default(), ErrorPolicy::Replace);
    assert_eq!(ErrorPolicy::Ignore.to_string(), "ignore");
}

#[test]
fn options_deserialize_with_defaults_and_reject_unknown_fields() {
    use serde::de::value::{Error, MapDeserializer, StrDeserializer};
    use serde::Deserialize;

    let d = ErrorPolicy::deserialize(StrDeserializer::<Error>::new("ignore")).unwrap();
    assert_eq!(d, ErrorPolicy::Ignore);
    assert!(ErrorPolicy::deserialize(StrDeserializer::<Error>::new("Ignore")).is_err());

    let map = MapDeserializer::<_, Error>::new([("honour_bom", false)].into_iter());
    let o = DecodeOptions::deserialize(map).unwrap();
    assert_eq!(
        o,
        DecodeOptions {
            honour_bom: false,
            ..DecodeOptions::default()
        }
    );
    let map = MapDeserializer::<_, Error>::new([("sniff_charset", false)].into_iter());
    assert!(DecodeOptions::deserialize(map).is_err());
}

#[test]
fn defaults_match_the_reference() {
    let o = DecodeOptions::default();
    assert_eq!(o.encoding, None);
    assert_eq!(o.default_encoding, "utf8");
    assert_eq!(o.errors, ErrorPolicy::Replace);
    assert!(o.sniff_meta && o.sniff_xml_declaration && o.honour_bom);
    let d = decode_str_default(b"caf\xe9");
    assert_eq!(d.text, "caf\u{fffd}");
    assert!(d.replaced);
}

// ---------------------------------------------------------------------------------------
// Robustness: pseudo-random bytes never panic, and the policies are consistent.

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const FRAGMENTS: &[&[u8]] = &[
    b"<meta",
    b"<META ",
    b" charset=",
    b"charset=\"",
    b"charset='",
    b"utf-8",
    b"latin-1",
    b"utf-16",
    b"utf-7",
    b"shift_jis",
    b"euc-kr",
    b"gb18030",
    b"iso-2022-jp",
    b"big5",
    b"cp037",
    b"x-sjis",
    b">",
    b" ",
    b"\n",
    b"\x0b",
    b"\"",
    b"'",
    b"<?xml version='1.0' encoding='",
    b"?>",
    b"+AGE-",
    b"+2D3",
    b"\x1b$B",
    b"\x1b(B",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xfe\xff",
    b"\x00\x00",
    b"\xc3\xa9",
    b"\xf0\x9f\x98\x80",
    b"\xed\xa0\x80",
    b"\x80",
    b"\xff",
    b"\x81\x40",
    b"\x8f\xa2\xaf",
];

const LABELS: &[&str] = &[
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-be",
    "utf-32",
    "utf-32-be",
    "utf-7",
    "latin-1",
    "ascii",
    "cp1252",
    "cp037",
    "koi8-r",
    "mac-roman",
    "euc_kr",
    "cp949",
    "gb2312",
    "gbk",
    "gb18030",
    "big5",
    "big5hkscs",
    "cp950",
    "shift_jis",
    "cp932",
    "shift_jis_2004",
    "euc_jp",
    "iso2022_jp",
    "iso2022_jp_2",
];

fn random_input(rng: &mut XorShift) -> Vec<u8> {
    let mut v = Vec::new();
    for _ in 0..rng.below(24) {
        if rng.below(3) == 0 {
            v.push(rng.next() as u8);
        } else {
            v.extend_from_slice(FRAGMENTS[rng.below(FRAGMENTS.len())]);
        }
    }
    v
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let policies = [
        ErrorPolicy::Strict,
        ErrorPolicy::Replace,
        ErrorPolicy::Ignore,
    ];
    for _ in 0..4000 {
        let bytes = random_input(&mut rng);
        // Every codec, every policy.
        for label in LABELS {
            let codec = lookup_codec(label).unwrap();
            let replaced = codec.decode(&bytes, ErrorPolicy::Replace).unwrap();
            let ignored = codec.decode(&bytes, ErrorPolicy::Ignore).unwrap();
            assert_eq!(replaced.1, ignored.1, "{label} {bytes:?}");
            match codec.decode(&bytes, ErrorPolicy::Strict) {
                Ok((text, r)) => {
                    // Only UTF-7's lone surrogates are "replaced" without an error.
                    assert_eq!(r, replaced.1, "{label} {bytes:?}");
                    if !r {
                        assert_eq!(text, replaced.0);
                        assert_eq!(text, ignored.0);
                    }
                }
                Err(DecodeError::Undecodable { position, .. }) => {
                    assert!(replaced.1, "{label} {bytes:?}");
                    assert!(position < bytes.len(), "{label} {bytes:?}");
                }
                Err(e) => panic!("{e}"),
            }
        }
        // The whole pipeline, every option combination.
        for &errors in &policies {
            for flags in 0..8u8 {
                let o = DecodeOptions {
                    errors,
                    sniff_meta: flags & 1 != 0,
                    sniff_xml_declaration: flags & 2 != 0,
                    honour_bom: flags & 4 != 0,
                    ..DecodeOptions::default()
                };
                match decode(&bytes, &o) {
                    Ok(d) => assert!(d.text.len() <= 3 * bytes.len()),
                    Err(DecodeError::Undecodable { .. }) => assert_eq!(errors, ErrorPolicy::Strict),
                    Err(e) => panic!("{e}"),
                }
            }
        }
        let _ = decode_str_default(&bytes);
    }
}

#[test]
fn random_binary_never_panics() {
    let mut rng = XorShift(42);
    for _ in 0..300 {
        let len = rng.below(2048);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        for label in LABELS {
            for policy in [
                ErrorPolicy::Strict,
                ErrorPolicy::Replace,
                ErrorPolicy::Ignore,
            ] {
                let _ = lookup_codec(label).unwrap().decode(&bytes, policy);
            }
        }
        let d = decode_str_default(&bytes);
        assert!(d.text.len() <= bytes.len() * 3 + 3);
    }
}

#[test]
fn utf8_pages_are_borrowed_and_others_decoded() {
    let cases: [(&[u8], bool); 5] = [
        (b"<meta charset=utf-8><p>caf\xc3\xa9", true),
        (b"\xef\xbb\xbf<p>signed", true),
        (b"<p>no declaration, valid UTF-8 \xc3\xa9", true),
        (b"<meta charset=latin-1><p>caf\xe9", false),
        (b"<p>invalid \xff falls back", false),
    ];
    for (bytes, borrowed) in cases {
        let lean = decode_borrowed(bytes, &opts()).unwrap();
        let full = decode(bytes, &opts()).unwrap();
        assert_eq!(matches!(lean.text, Cow::Borrowed(_)), borrowed, "{bytes:?}");
        assert_eq!(lean.text, full.text);
        assert_eq!(
            (lean.encoding, lean.source, lean.replaced),
            (full.encoding, full.source, full.replaced)
        );
    }
}
