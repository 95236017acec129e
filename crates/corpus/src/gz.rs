//! Multi-member gzip that knows where each member starts: a `.warc.gz` is one member
//! per record (or one for the whole file), and an error must name the compressed byte
//! offset of the member that failed, so the user can find it.

use std::io::{self, BufRead, Read};

use flate2::bufread::GzDecoder;

/// A `BufRead` that counts the bytes consumed.
pub(crate) struct Counting<R> {
    inner: R,
    /// Bytes consumed.
    pub(crate) count: u64,
}

impl<R: BufRead> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.count += n as u64;
        self.inner.consume(n);
    }
}

/// Multi-member gzip (one member per WARC record, or one for the whole file) that
/// knows where each member starts, so errors name a compressed byte offset.
pub(crate) struct GzMembers<R: BufRead> {
    dec: Option<GzDecoder<Counting<R>>>,
    between: Option<Counting<R>>,
    /// Compressed offset of the member being read.
    pub(crate) member_start: u64,
    out: u64,
}

impl<R: BufRead> GzMembers<R> {
    /// Reads gzip members from `inner` until its end.
    pub(crate) fn new(inner: R) -> Self {
        GzMembers {
            dec: None,
            between: Some(Counting { inner, count: 0 }),
            member_start: 0,
            out: 0,
        }
    }
}

impl<R: BufRead> Read for GzMembers<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some(dec) = &mut self.dec {
                match dec.read(buf) {
                    Ok(0) if !buf.is_empty() => {
                        let inner = self.dec.take().expect("decoder").into_inner();
                        self.between = Some(inner);
                        continue;
                    }
                    Ok(n) => {
                        self.out += n as u64;
                        return Ok(n);
                    }
                    Err(e) => {
                        let kind = if e.kind() == io::ErrorKind::UnexpectedEof {
                            "truncated"
                        } else {
                            "corrupt"
                        };
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!(
                                "{kind} gzip member at compressed byte {} (after {} decompressed bytes): {e}",
                                self.member_start, self.out
                            ),
                        ));
                    }
                }
            }
            let Some(mut inner) = self.between.take() else {
                return Ok(0);
            };
            if inner.fill_buf()?.is_empty() {
                self.between = Some(inner);
                return Ok(0);
            }
            self.member_start = inner.count;
            self.dec = Some(GzDecoder::new(inner));
        }
    }
}
