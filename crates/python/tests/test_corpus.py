"""pith.extract_warc and pith.read_warc over the shared WARC samples, against the CLI."""

import gzip
import json
import pickle
import subprocess
from pathlib import Path

import pytest

import pith

from conftest import need_dataset, pith_cli
from pith_testing import STANDINGS, STANDINGS_TABLE


def warc_samples():
    return sorted(need_dataset("warc").glob("*.warc.gz"))


def cli_records(paths, *extra):
    out = subprocess.run(
        [pith_cli(), "extract", "--preset", "justext", "--format", "jsonl", "-q", "-j", "2", *extra,
         *map(str, paths)],
        capture_output=True, check=False,
    )
    assert out.returncode in (0, 1), out.stderr
    return [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]


def test_extract_warc_gives_the_cli_records():
    pipeline = pith.Pipeline.preset("justext")
    samples = warc_samples()
    assert len(samples) >= 3
    for path in samples:
        it = pith.extract_warc(str(path), pipeline, workers=2)
        ours = list(it)
        assert ours == cli_records([path]), path.name
        stats = it.stats
        assert stats["documents"] == stats["extracted"] + stats["skipped"] + stats["errors"]
        assert len(ours) == stats["extracted"] + stats["errors"] > 0


def test_extract_warc_takes_a_preset_by_name_and_defaults_to_the_cli_s(tmp_path):
    """As ``pith.extract(html, "justext")`` takes a name, and ``pith extract`` runs the
    ``pith`` preset unless told otherwise."""
    page = tmp_path / "page.html"
    page.write_bytes(b"<p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p>")
    by_name = list(pith.extract_warc(str(page), "justext", workers=1))
    assert by_name == list(pith.extract_warc(str(page), pith.Pipeline.preset("justext"), workers=1))
    default = list(pith.extract_warc(str(page), workers=1))
    assert default == list(pith.extract_warc(str(page), pith.Pipeline.preset("pith"), workers=1))
    assert default[0]["text"].startswith("The text of a page")
    with pytest.raises(pith.PipelineError, match="unknown preset"):
        pith.extract_warc(str(page), "nope")
    with pytest.raises(TypeError, match="Pipeline or a preset's name"):
        pith.extract_warc(str(page), 3)


def test_extract_warc_takes_several_paths_and_options():
    pipeline = pith.Pipeline.preset("justext").with_params(stoplist="German")
    samples = warc_samples()
    ours = list(pith.extract_warc(samples, pipeline, workers=1, paragraphs=True))
    assert ours == cli_records(samples, "-s", "German", "--paragraphs")
    assert all("paragraphs" in r or "error" in r for r in ours)


def test_extract_with_url_and_charset_decodes_as_extract_warc():
    """A ``read_warc`` document extracted with its URL and HTTP charset gives the text
    ``extract_warc`` gives its record: the same decoding (the HTTP charset before
    ``<meta charset>``, the URL's domain for the detector). Without them the bytes are
    decoded as a file's would be, which differs on some pages."""
    pipeline = pith.Pipeline.preset("pith")
    samples = warc_samples()
    records = {r["id"]: r for r in pith.extract_warc(samples, pipeline, workers=2)}
    compared = differ_without = 0
    for path in samples:
        for doc in pith.read_warc(path):
            record = records[doc["id"]]
            if "error" in doc or "error" in record:
                continue
            html = doc["html"]
            ex = pipeline.extract(html, url=doc["url"], charset=doc["charset"])
            assert ex.text == record["text"], doc["id"]
            assert ex.to_dict().get("encoding") == record.get("encoding"), doc["id"]
            compared += 1
            differ_without += pipeline.extract(html).text != record["text"]
    assert compared > 20
    print(f"{compared} pages; {differ_without} decode differently without url and charset")
    # The HTTP charset comes before the page's own `<meta charset>`, as in browsers.
    text = "Москва — столица России, крупнейший по численности населения город страны. " * 5
    page = (f"<html><head><meta charset='iso-8859-1'></head><body><p>{text}</p>"
            "</body></html>").encode("utf-8")
    assert "Москва" in pipeline.extract(page, charset="utf-8").text
    assert "Москва" not in pipeline.extract(page).text


def test_extract_warc_reads_the_html_field_named(tmp_path, sample_html):
    """``html_field`` names the JSON Lines field that holds the page, as the CLI's
    ``--html-field`` does; the records are the CLI's."""
    line = json.dumps({"id": "a", "body": sample_html.decode("utf-8"), "lang": "en"})
    path = tmp_path / "pages.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    pipeline = pith.Pipeline.preset("justext")
    ours = list(pith.extract_warc(path, pipeline, workers=1, html_field="body"))
    assert ours == cli_records([path], "--html-field", "body")
    assert ours[0]["text"] and ours[0]["lang"] == "en"
    [missing] = pith.extract_warc(path, pipeline, workers=1)
    assert "error" in missing and "html" in missing["error"]


def test_extract_warc_markdown_gives_the_cli_records():
    """``markdown=True`` gives the records of ``pith extract --format jsonl --markdown``:
    each text record has its page's ``markdown``, an error record none, and the rest of
    the record is the record without it."""
    pipeline = pith.Pipeline.preset("justext")
    samples = warc_samples()
    ours = list(pith.extract_warc(samples, pipeline, workers=2, markdown=True))
    assert ours == cli_records(samples, "--markdown")
    texts = [r for r in ours if "error" not in r]
    assert texts and all(isinstance(r["markdown"], str) for r in texts)
    assert any(r["markdown"] for r in texts)
    assert all("markdown" not in r for r in ours if "error" in r)
    plain = list(pith.extract_warc(samples, pipeline, workers=2))
    assert all("markdown" not in r for r in plain)
    assert [{k: v for k, v in r.items() if k != "markdown"} for r in ours] == plain


def test_a_record_markdown_is_the_extraction_markdown(tmp_path, sample_html):
    """A record's ``markdown`` is ``Extraction.markdown`` of the same page, data tables
    included, and so is ``Extraction.to_dict(markdown=True)``'s."""
    pages = {"sample.html": sample_html, "standings.html": STANDINGS.encode("utf-8")}
    for name, html in pages.items():
        (tmp_path / name).write_bytes(html)
    pipeline = pith.Pipeline.preset("justext")
    records = {Path(r["id"]).name: r
               for r in pith.extract_warc(tmp_path, pipeline, workers=1, markdown=True)}
    assert set(records) == set(pages)
    for name, html in pages.items():
        ex = pipeline.extract(html)
        assert records[name]["markdown"] == ex.markdown, name
        assert ex.to_dict(markdown=True)["markdown"] == ex.markdown
        assert "markdown" not in ex.to_dict()
        # The record's fields, `word_count` among them.
        assert ex.to_dict()["word_count"] == records[name]["word_count"] > 0, name
    assert STANDINGS_TABLE in records["standings.html"]["markdown"]


def test_record_markdown_is_the_extraction_markdown_over_a_dataset_folder():
    """Over a development folder with the default preset (some of its pages have data
    tables): every record's ``markdown`` is ``Extraction.markdown`` of its file."""
    folder = need_dataset("cleaneval-dev", "html")
    pipeline = pith.Pipeline.preset("pith")
    records = list(pith.extract_warc(folder, pipeline, workers=2, markdown=True))
    assert len(records) > 10
    for r in records:
        assert r["markdown"] == pipeline.extract(Path(r["id"]).read_bytes()).markdown, r["id"]
    assert any("| --- |" in r["markdown"] for r in records)


def test_a_consumer_may_stop_early():
    pipeline = pith.Pipeline.preset("justext")
    path = warc_samples()[0]
    it = pith.extract_warc(path, pipeline, workers=2)
    first = next(it)
    assert "id" in first
    it.close()
    assert it.stats["interrupted"] in (True, False)
    assert list(it) == []


def test_read_warc_yields_every_html_document():
    pipeline = pith.Pipeline.preset("justext")
    for path in warc_samples():
        docs = pith.read_warc(path)
        items = list(docs)
        records = list(pith.extract_warc(path, pipeline, workers=1))
        assert [d["id"] for d in items] == [r["id"] for r in records]
        for d in items:
            assert ("html" in d) != ("error" in d)
            if "html" in d:
                assert isinstance(d["html"], bytes)
        assert docs.skipped > 0


def test_read_warc_undoes_the_content_coding_as_extract_warc_does(tmp_path):
    """A response sent with ``Content-Encoding: gzip`` (or ``deflate``) is stored
    compressed; ``read_warc``'s ``html`` is the page, so ``extract`` of it gives
    ``extract_warc``'s text (it used to be the gzip bytes: "not an HTML page")."""
    import zlib

    page = (b"<html><head><title>T</title></head><body><p>"
            + b"This is a long enough English paragraph with many of the usual words in it. " * 4
            + b"</p></body></html>")
    records = []
    for n, (coding, body) in enumerate([("gzip", gzip.compress(page)),
                                        ("deflate", zlib.compress(page))]):
        http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
                b"Content-Encoding: " + coding.encode() + b"\r\nContent-Length: %d\r\n\r\n"
                % len(body)) + body
        records.append(
            b"WARC/1.0\r\nWARC-Type: response\r\n"
            b"WARC-Record-ID: <urn:uuid:12345678-1234-1234-1234-12345678901%d>\r\n" % n
            + b"WARC-Date: 2024-01-01T00:00:00Z\r\nWARC-Target-URI: http://example.com/a\r\n"
            b"Content-Type: application/http; msgtype=response\r\n"
            b"Content-Length: %d\r\n\r\n" % len(http) + http + b"\r\n\r\n")
    path = tmp_path / "coded.warc"
    path.write_bytes(b"".join(records))
    docs = list(pith.read_warc(path))
    assert [d["content_encoding"] for d in docs] == ["gzip", "deflate"]
    assert all(d["html"] == page for d in docs), docs
    texts = [r["text"] for r in pith.extract_warc(path, "justext")]
    assert texts[0].startswith("This is a long enough")
    pipeline = pith.Pipeline.preset("justext")
    assert [pipeline.extract(d["html"], url=d["url"], charset=d["charset"]).text
            for d in docs] == texts


def _record(warc_type, content_type, block):
    """One WARC record of ``warc_type`` whose block is ``block``, typed ``content_type``."""
    return (b"WARC/1.0\r\nWARC-Type: %s\r\n" % warc_type.encode()
            + b"WARC-Record-ID: <urn:uuid:12345678-1234-1234-1234-123456789012>\r\n"
            + b"WARC-Target-URI: http://example.com/a\r\n"
            + b"Content-Type: %s\r\n" % content_type.encode()
            + b"Content-Length: %d\r\n\r\n" % len(block) + block + b"\r\n\r\n")


def test_extract_warc_of_a_wet_file_warns_that_it_holds_no_page(tmp_path):
    """A WET file (Common Crawl's text extracts: ``conversion`` records of plain text)
    yields no record; ``extract_warc`` says why with a ``UserWarning``, as ``pith
    extract`` says it on stderr, and its ``stats`` count the records."""
    wet = _record("conversion", "text/plain", b"The text Common Crawl extracted from a page.")
    path = tmp_path / "CC-MAIN-x.warc.wet"
    path.write_bytes(wet)
    records = pith.extract_warc(path, "justext")
    with pytest.warns(UserWarning, match="WET file"):
        assert list(records) == []
    assert records.stats["skipped_by_reason"] == {"text-conversion": 1}


def test_extract_warc_of_a_wat_file_warns_that_it_holds_no_page(tmp_path):
    """A WAT file (Common Crawl's metadata: ``metadata`` records of JSON) yields no
    record either, and says why."""
    meta = b'{"Envelope": {"WARC-Header-Metadata": {"WARC-Type": "response"}}}'
    wat = _record("metadata", "application/json", meta)
    path = tmp_path / "CC-MAIN-x.warc.wat"
    path.write_bytes(wat)
    records = pith.extract_warc(path, "justext")
    with pytest.warns(UserWarning, match="WAT file"):
        assert list(records) == []
    assert records.stats["skipped_by_reason"] == {"metadata": 1}


def test_a_directory_that_yields_nothing_warns_and_says_how_to_read_its_files(tmp_path):
    """A folder of pages saved under their site's names (``index.php``) yields no record
    by name; ``extract_warc`` and ``read_warc`` say so with a ``UserWarning``, as ``pith
    extract`` says it on stderr, and how to read the files: given by their paths, they
    are read whatever their names."""
    page = b"<html><body><p>" + b"A page saved under the name its site gave it. " * 5 + b"</p>"
    (tmp_path / "index.php").write_bytes(page)
    with pytest.warns(UserWarning, match=r"nothing to read in this directory \(1 file, "
                      r".*give its files as a list of paths"):
        records = pith.extract_warc(tmp_path, "justext")
    assert list(records) == []
    assert records.stats["skipped_by_reason"] == {"not-an-input-name": 1}
    with pytest.warns(UserWarning, match="read_warc: .*nothing to read in this directory"):
        assert list(pith.read_warc(tmp_path)) == []
    [record] = pith.extract_warc([tmp_path / "index.php"], "justext")
    assert "saved under the name" in record["text"]
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.warns(UserWarning, match=r"\(0 files, [^;]*\)$"):
        assert list(pith.extract_warc(empty, "justext")) == []


def test_help_shows_the_default_byte_limit_and_it_is_the_limit(tmp_path):
    import inspect

    for function in (pith.read_warc, pith.extract_warc):
        limit = inspect.signature(function).parameters["max_bytes"].default
        assert limit == 16 * 1024 * 1024, function
    # The number shown is the limit applied: a page one byte over it is an error record.
    page = b"<p>" + b"x" * (16 * 1024 * 1024) + b"</p>"
    http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
            b"Content-Length: %d\r\n\r\n" % len(page)) + page
    record = (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/\r\n"
              b"Content-Type: application/http; msgtype=response\r\n"
              b"Content-Length: %d\r\n\r\n" % len(http) + http + b"\r\n\r\n")
    path = tmp_path / "big.warc"
    path.write_bytes(record)
    assert "error" in next(iter(pith.read_warc(path)))


def test_a_path_as_bytes_is_one_path():
    [path] = warc_samples()[:1]
    by_str = [r["id"] for r in pith.extract_warc(str(path), "justext")]
    assert [r["id"] for r in pith.extract_warc(bytes(path), "justext")] == by_str
    assert [r["id"] for r in pith.extract_warc([bytes(path)], "justext")] == by_str


def test_missing_file_is_an_error_record_not_a_crash(tmp_path):
    missing = tmp_path / "missing.warc.gz"
    records = list(pith.extract_warc(missing, pith.Pipeline.preset("justext")))
    assert len(records) == 1 and "error" in records[0]



def test_a_record_the_crawler_truncated_says_so(tmp_path):
    """``WARC-Truncated`` (the crawler kept only the start of the page) is ``read_warc``'s
    ``truncated`` and the first of ``extract_warc``'s ``limits_hit``; a whole record has
    neither."""
    page = b"<html><body><p>" + b"A long enough English sentence with the usual words. " * 4
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + page
    def record(n, truncated):
        return (b"WARC/1.0\r\nWARC-Type: response\r\n"
                b"WARC-Record-ID: <urn:uuid:12345678-1234-1234-1234-12345678901%d>\r\n" % n
                + b"WARC-Target-URI: http://example.com/a\r\n" + truncated
                + b"Content-Length: %d\r\n\r\n" % len(http) + http + b"\r\n\r\n")
    path = tmp_path / "cut.warc"
    path.write_bytes(record(0, b"WARC-Truncated: length\r\n") + record(1, b""))
    assert [d["truncated"] for d in pith.read_warc(path)] == ["length", None]
    records = list(pith.extract_warc(path, "justext"))
    assert records[0]["limits_hit"][0].startswith("crawl: the page is truncated")
    assert "limits_hit" not in records[1]


def test_read_warc_of_a_directory_reads_its_warc_files_only(tmp_path):
    """A folder of a WARC file and other files: the WARC file's records, not an error
    record for each page or note read as a broken WARC file."""
    sample = warc_samples()[0]
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / sample.name).write_bytes(sample.read_bytes())
    (tmp_path / "page.html").write_text("<p>not a WARC file</p>")
    (tmp_path / "notes.jsonl").write_text('{"html": "<p>x</p>"}\n')
    ours = list(pith.read_warc(tmp_path))
    alone = list(pith.read_warc(sample))
    assert len(ours) == len(alone) > 0
    for a, b in zip(ours, alone):
        assert {k: v for k, v in a.items() if k != "source"} == {
            k: v for k, v in b.items() if k != "source"}


LINKED_PAGE = (
    b"<html><head><base href='docs/'></head><body><p>The quick brown fox jumps over the lazy "
    b"dog, as the <a href='guide.html'>user guide</a> explains at length, and then reads "
    b"<a href='https://example.org/more'>more of it</a> in the evening, which is what the "
    b"fox does every single day of the week.</p></body></html>"
)


def test_markdown_links_are_resolved_against_the_url():
    """``to_markdown(links=True)`` writes links as ``[text](url)``, each ``href`` resolved
    against the page's ``url`` through its ``<base href>``; ``markdown`` (and
    ``to_markdown()``) keep links as text; the links survive pickling; a page given
    without ``url`` keeps its relative links as written."""
    ex = pith.Pipeline.preset("pith").extract(LINKED_PAGE, url="https://site.example/a/page.html")
    md = ex.to_markdown(links=True)
    assert "[user guide](https://site.example/a/docs/guide.html)" in md, md
    assert "[more of it](https://example.org/more)" in md, md
    assert ex.to_markdown() == ex.markdown and "](" not in ex.markdown
    assert ex.to_dict(markdown=True, links=True)["markdown"] == md
    assert ex.to_dict(markdown=True)["markdown"] == ex.markdown
    assert pickle.loads(pickle.dumps(ex)).to_markdown(links=True) == md
    assert "[user guide](guide.html)" in pith.extract(LINKED_PAGE).to_markdown(links=True)


def test_to_html_is_the_cli_page_of_kept_blocks(tmp_path):
    """``to_html(links=True)`` is the page ``pith extract --format html --links --url``
    writes, links resolved alike; ``to_html()`` has no link; it survives pickling."""
    url = "https://site.example/a/page.html"
    page = tmp_path / "page.html"
    page.write_bytes(LINKED_PAGE)
    ex = pith.Pipeline.preset("pith").extract(LINKED_PAGE, url=url)
    html = ex.to_html(links=True)
    assert '<a href="https://site.example/a/docs/guide.html">user guide</a>' in html, html
    assert "<a " not in ex.to_html()
    out = subprocess.run(
        [pith_cli(), "extract", "-q", "--format", "html", "--links", "--url", url, str(page)],
        capture_output=True, check=True,
    )
    assert out.stdout.decode("utf-8") == html
    assert pickle.loads(pickle.dumps(ex)).to_html(links=True) == html


IMAGE_PAGE = (
    b"<html><body><nav><a href='/'><img src='/logo.png' alt='Logo'></a> <a href='/a'>Home</a> "
    b"<a href='/b'>About</a></nav><ul><li>The first thing to know about foxes is that they "
    b"jump over lazy dogs whenever they can, which is often.</li><li><img src='li.png' "
    b"alt='In an item'> The second thing is that the dogs do not seem to mind it at all, "
    b"or so the story goes.</li></ul><a href='photos/fox-large.jpg'><img src='photos/fox.jpg' "
    b"alt='A fox'></a><p>The lazy dog <img src='dog.png' alt='A dog'> "
    b"did not move at all, which is the sort of thing that lazy dogs do when a fox jumps over "
    b"them in the morning, and the fox went on its way.</p></body></html>"
)


def test_images_are_the_cli_images(tmp_path):
    """``to_markdown(images=True)`` and ``to_html(images=True)`` are what ``pith extract
    --images --url`` writes (the photo between two kept blocks, the one in a kept item,
    the one between a paragraph's words in its place, sources resolved against ``url``;
    not the menu's logo); without ``images`` there is none; with ``links`` a linked
    image is written inside its link; the images, their links and their places survive
    pickling, and ``to_dict(markdown=True, images=True)`` has them."""
    url = "https://site.example/a/page.html"
    page = tmp_path / "page.html"
    page.write_bytes(IMAGE_PAGE)
    ex = pith.Pipeline.preset("pith").extract(IMAGE_PAGE, url=url)
    md = ex.to_markdown(images=True)
    assert "![A fox](https://site.example/a/photos/fox.jpg)" in md, md
    assert "![In an item](https://site.example/a/li.png)" in md, md
    assert "The lazy dog ![A dog](https://site.example/a/dog.png) did not move" in md, md
    assert "logo" not in md.lower() and "![" not in ex.markdown
    linked = ex.to_markdown(images=True, links=True)
    fox = "[![A fox](https://site.example/a/photos/fox.jpg)](https://site.example/a/photos/fox-large.jpg)"
    assert fox in linked, linked
    written = [
        ("markdown", [], md),
        ("html", [], ex.to_html(images=True)),
        ("markdown", ["--links"], linked),
        ("html", ["--links"], ex.to_html(images=True, links=True)),
    ]
    for fmt, links, ours in written:
        out = subprocess.run(
            [pith_cli(), "extract", "-q", "--format", fmt, "--images", *links, "--url", url,
             str(page)],
            capture_output=True, check=True,
        )
        assert out.stdout.decode("utf-8") == ours, (fmt, links)
    assert "<img" not in ex.to_html()
    again = pickle.loads(pickle.dumps(ex))
    assert again.to_markdown(images=True) == md
    assert again.to_markdown(images=True, links=True) == linked
    assert again.to_html(images=True, links=True) == ex.to_html(images=True, links=True)
    assert ex.to_dict(markdown=True, images=True)["markdown"] == md


TAGGED_PAGE = (
    b"<html><head><title>Rivers: \"the old bridge\"</title><link rel='canonical' href='/b.html'>"
    b"<meta name='description' content='A town rebuilds its bridge.'>"
    b"<meta property='og:site_name' content='The Valley Courier'>"
    b"<meta name='author' content='Martha Ellison'></head><body><article><p>When the spring "
    b"flood of last year tore the middle span off the footbridge, most people in the town "
    b"assumed that it would be years before anyone could walk across the river again, and "
    b"the county had no money set aside for it at all.</p></article></body></html>"
)


def test_metadata_is_the_cli_with_metadata_header(tmp_path):
    """``to_markdown(metadata=True)`` and ``to_html(metadata=True)`` are what ``pith extract
    --with-metadata`` writes for the page: the record's metadata as YAML front matter, or in
    the head."""
    url = "https://site.example/2024/05/17/page.html"
    page = tmp_path / "page.html"
    page.write_bytes(TAGGED_PAGE)
    ex = pith.Pipeline.preset("pith").extract(TAGGED_PAGE, url=url)
    md = ex.to_markdown(metadata=True)
    assert md.startswith('---\nurl: "https://site.example/2024/05/17/page.html"\ntitle: '), md
    assert 'published: "2024-05-17"\n' in md and md.endswith(ex.markdown), md
    for fmt, ours in [("markdown", md), ("html", ex.to_html(metadata=True))]:
        out = subprocess.run(
            [pith_cli(), "extract", "-q", "--format", fmt, "--with-metadata", "--url", url,
             str(page)],
            capture_output=True, check=True,
        )
        assert out.stdout.decode("utf-8") == ours, fmt
    # A page with none of the fields has no header, as from the CLI.
    bare = pith.Pipeline.preset("justext").extract(b"<p>12345</p>")
    assert bare.language is None and bare.title is None and bare.url is None
    assert bare.to_markdown(metadata=True) == bare.to_markdown()
    assert "<meta name" not in bare.to_html(metadata=True)


@pytest.mark.parametrize("option, written", [("links", "](http"), ("images", "![")])
def test_extract_warc_links_and_images_give_the_cli_records(option, written):
    """``markdown=True, links=True`` gives the records of ``pith extract --format jsonl
    --markdown --links``, links resolved against each record's URL; ``images=True``
    those of ``--markdown --images``."""
    samples = warc_samples()
    ours = list(pith.extract_warc(samples, "pith", workers=2, markdown=True, **{option: True}))
    out = subprocess.run(
        [pith_cli(), "extract", "--format", "jsonl", "-q", "-j", "2", "--markdown",
         f"--{option}", *map(str, samples)],
        capture_output=True, check=False,
    )
    assert out.returncode in (0, 1), out.stderr
    assert ours == [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]
    assert any(written in r.get("markdown", "") for r in ours)
