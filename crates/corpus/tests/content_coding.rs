//! HTTP content codings of WARC payloads (`http_payload`): every coding a browser asks
//! for is undone, a list is undone last coding first, a payload that is not so coded is
//! kept as it is, and no coding decodes past `--max-bytes`.

use std::io::Write;

use pith_corpus::http_payload;
use proptest::prelude::*;

const MAX: u64 = 1 << 20;

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn zlib(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn raw_deflate(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams::default();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).unwrap();
    out
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(bytes, ruzstd::encoding::CompressionLevel::Fastest)
}

fn decoded(bytes: &[u8], coding: &str) -> Vec<u8> {
    http_payload(bytes, false, Some(coding), MAX)
        .unwrap_or_else(|e| panic!("{coding}: {e}"))
        .into_owned()
}

const PAGE: &[u8] =
    b"<html><body><p>The quick brown fox jumps over the lazy dog.</p></body></html>";

#[test]
fn every_coding_a_browser_asks_for_is_undone() {
    assert_eq!(decoded(&gzip(PAGE), "gzip"), PAGE);
    assert_eq!(decoded(&gzip(PAGE), "x-gzip"), PAGE);
    assert_eq!(decoded(&zlib(PAGE), "deflate"), PAGE);
    assert_eq!(decoded(&raw_deflate(PAGE), "deflate"), PAGE);
    assert_eq!(decoded(&brotli(PAGE), "br"), PAGE);
    assert_eq!(decoded(&zstd(PAGE), "zstd"), PAGE);
    assert_eq!(decoded(PAGE, "identity"), PAGE);
}

#[test]
fn a_list_of_codings_is_undone_last_first() {
    assert_eq!(decoded(&brotli(&gzip(PAGE)), "gzip, br"), PAGE);
    assert_eq!(decoded(&gzip(&zstd(PAGE)), "zstd,gzip"), PAGE);
}

#[test]
fn a_payload_not_so_coded_is_kept_as_it_is() {
    // ClueWeb09 keeps `Content-Encoding: gzip` on payloads stored decompressed.
    for coding in ["gzip", "deflate", "br", "zstd", "compress", "x-unknown"] {
        assert_eq!(decoded(PAGE, coding), PAGE, "{coding}");
    }
}

#[test]
fn no_coding_decodes_past_the_limit() {
    let big = vec![b'a'; 4 * MAX as usize];
    for (coding, coded) in [
        ("gzip", gzip(&big)),
        ("deflate", zlib(&big)),
        ("br", brotli(&big)),
        ("zstd", zstd(&big)),
    ] {
        let err = http_payload(&coded, false, Some(coding), MAX).unwrap_err();
        assert!(err.contains("larger than --max-bytes"), "{coding}: {err}");
    }
}

proptest! {
    /// Any payload comes back byte for byte through any coding.
    #[test]
    fn codings_round_trip(page in prop::collection::vec(any::<u8>(), 0..2000)) {
        for (coding, coded) in [
            ("gzip", gzip(&page)),
            ("deflate", zlib(&page)),
            ("br", brotli(&page)),
            ("zstd", zstd(&page)),
        ] {
            prop_assert_eq!(decoded(&coded, coding), page.clone(), "{}", coding);
        }
    }
}
