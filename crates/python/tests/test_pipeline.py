"""pith.Pipeline, Extraction and Block from Python."""

import json
import pickle
import re
import subprocess
import threading
import warnings

import pytest

import pith
from conftest import pith_cli
from pith_testing import STANDINGS, STANDINGS_TABLE


def test_preset_extracts_the_sample(sample_html):
    pipeline = pith.Pipeline.preset("justext")
    ex = pipeline.extract(sample_html, url="https://example.com/")
    assert ex.text.startswith("River town rebuilds its old footbridge")
    assert ex.url == "https://example.com/"
    assert ex.language == "en" and 0 < ex.language_confidence <= 1
    assert ex.stoplist == "English" and ex.warnings == []
    assert ex.to_dict()["language"] == "en"
    assert ex.encoding == "utf-8" and ex.encoding_source == "meta-charset"
    assert ex.limits_hit == []
    good = [b.text for b in ex.blocks if b.label == "good"]
    assert "\n".join(good) == ex.text
    block = ex.blocks[0]
    assert block.label in ("good", "bad") and block.cf_label in ("good", "bad", "neargood", "short")
    assert block.xpath.startswith("/html[1]/body[1]")
    assert {"justext.length", "justext.stopwords_density", "justext.heading"} <= set(block.features)
    assert isinstance(block.heading, bool)


def test_blocks_are_made_once_and_their_features_when_read(sample_html):
    """Indexing ``ex.blocks[i]`` in a loop must not rebuild every block at each step:
    each access is a new list of the same Block objects, and a block's features dict
    is made on its first access and is the same dict after it (the audit: 1.23 s for
    such a loop over a 347-block page)."""
    ex = pith.Pipeline.preset("pith").extract(sample_html)
    first, second = ex.blocks, ex.blocks
    assert first is not second and len(first) == len(second) == len(ex) > 1
    assert all(a is b for a, b in zip(first, second))
    first.pop()
    assert len(ex.blocks) == len(ex)
    block = ex.blocks[1]
    assert block.features is block.features
    assert {"justext.length", "learn.depth"} <= set(block.features)
    # A block that was never asked for its features still has them after its
    # extraction is gone.
    other = ex.blocks[2]
    expected = pith.Pipeline.preset("pith").extract(sample_html).blocks[2].features
    del ex, first, second
    assert same_features(other.features, expected)


def test_a_url_or_charset_that_is_not_a_str_is_named():
    """``extract(html, url=5)`` said only "'int' object is not an instance of 'str'"
    (the audit); the error names the argument."""
    for call in (pith.extract, pith.Pipeline.preset("justext").extract):
        with pytest.raises(TypeError, match="extract: url is a str or None, not int"):
            call("<p>x</p>", url=5)
        with pytest.raises(TypeError, match="extract: charset is a str or None, not bytes"):
            call(b"<p>x</p>", charset=b"utf-8")
        assert isinstance(call("<p>x</p>", url=None, charset=None), pith.Extraction)


def test_the_module_shows_only_its_own_names():
    # The jusText drop-in is there without its own import (`pith.justext.justext(...)`),
    # in a fresh interpreter (here other tests have imported it).
    import sys

    subprocess.run([sys.executable, "-c", "import pith; pith.justext.justext"], check=True)
    public = {name for name in dir(pith) if not name.startswith("_")}
    assert public == (set(pith.__all__) - {"__version__"}) | {"justext"}, public
    assert all(hasattr(pith, name) for name in pith.__all__)


def test_extract_names_a_preset_that_is_not_a_name(sample_html):
    for preset in (pith.Pipeline.preset("justext"), None):
        with pytest.raises(TypeError, match="preset is a preset's name.*own .extract"):
            pith.extract(sample_html, preset)


def test_extract_of_a_file_s_name_warns_that_it_takes_the_page(tmp_path, monkeypatch):
    """``pith.extract("page.html")`` reads the name as HTML, which has no text; it warns
    that the page's HTML is wanted. Markup, or a name that is no file, does not warn."""
    (tmp_path / "page.html").write_text("<p>" + "Text of the page, and more of it. " * 10 + "</p>")
    monkeypatch.chdir(tmp_path)
    with pytest.warns(UserWarning, match=r"'page.html' is a file's name, not a page"):
        assert pith.extract("page.html", "justext").text == ""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pith.extract("other.html", "justext")
        assert pith.extract((tmp_path / "page.html").read_bytes(), "justext").text


def test_title_and_canonical_url_are_those_of_a_jsonl_record():
    page = ("<html><head><title> A\n  page </title><link rel='canonical' href='/a?b=1'></head>"
            "<body><p>Text.</p></body></html>")
    ex = pith.extract(page, "justext", url="https://example.com/x/y")
    assert ex.title == "A page"
    assert ex.canonical_url == "https://example.com/a?b=1"
    d = ex.to_dict()
    assert d["title"] == "A page" and d["canonical_url"] == "https://example.com/a?b=1"
    bare = pith.extract("<p>Text.</p>", "justext", url="https://example.com/")
    assert bare.title is None and bare.canonical_url == "https://example.com/"
    assert "title" not in bare.to_dict()
    assert pith.extract("<p>Text.</p>").canonical_url is None


def test_str_and_bytes_give_the_same_blocks(sample_html):
    pipeline = pith.Pipeline.preset("justext")
    a = pipeline.extract(sample_html)
    b = pipeline.extract(sample_html.decode("utf-8"))
    assert [(x.text, x.label) for x in a.blocks] == [(x.text, x.label) for x in b.blocks]
    assert b.encoding is None


def test_every_preset_loads_and_runs(sample_html):
    names = [name for name, _ in pith.presets()]
    assert "justext" in names and "declutter" in names
    for name in names:
        ex = pith.Pipeline.preset(name).extract(sample_html)
        assert "footbridge" in ex.text, name


def test_pipelines_pickle_as_their_json(sample_html):
    pipeline = pith.Pipeline.preset("justext").with_params(length_low=50)
    again = pickle.loads(pickle.dumps(pipeline))
    assert again.to_json() == pipeline.to_json()
    assert again.extract(sample_html).text == pipeline.extract(sample_html).text


def test_from_json_and_from_file(tmp_path, sample_html):
    text = pith.Pipeline.preset("declutter").to_json()
    path = tmp_path / "p.json"
    path.write_text(text)
    a = pith.Pipeline.from_json(text).extract(sample_html).text
    b = pith.Pipeline.from_file(str(path)).extract(sample_html).text
    assert a == b
    toml = tmp_path / "p.toml"
    toml.write_text(pith.Pipeline.preset("declutter").to_toml())
    assert pith.Pipeline.from_file(toml).extract(sample_html).text == a


def test_with_params_changes_the_result(sample_html):
    base = pith.Pipeline.preset("justext")
    strict = base.with_params(length_low=10_000, length_high=20_000)
    assert base.extract(sample_html).text != ""
    assert strict.extract(sample_html).text == ""
    assert base.with_params(stoplist="German").language == "German"
    assert base.with_params(stoplist="none").language is None


def test_with_params_names_the_parameter_a_stage_refuses():
    with pytest.raises(pith.PipelineError, match=r"with_params\(length_low\): .*expected"):
        pith.Pipeline.preset("justext").with_params(length_low="fifty")


def test_stoplist_none_is_the_language_independent_mode_as_on_the_command_line(sample_html):
    # Without stop words every density is 0: the thresholds go to 0 with the stoplist,
    # as `-s none` sets them, or every block would be bad.
    none = pith.Pipeline.preset("justext").with_params(stoplist="none")
    cli = subprocess.run([pith_cli(), "extract", "--preset", "justext", "-s", "none", "--format", "text",
                          "-q", "-"],
                         input=sample_html, capture_output=True, check=True)
    assert none.extract(sample_html).text + "\n" == cli.stdout.decode()
    assert none.extract(sample_html).text != ""
    later = pith.Pipeline.preset("justext").with_params(stoplist="none", stopwords_low=0.3)
    assert '"stopwords_low":0.3' in later.to_json().replace(" ", "")


RUSSIAN = (
    "<html><body><p>Этой весной жители нашей небольшой деревни решили вместе отремонтировать "
    "старый мост через реку. Каждый вечер после работы они собирались на берегу, приносили "
    "доски и инструменты и по очереди готовили ужин для всех, кто помогал.</p></body></html>"
).encode()


def test_a_stoplist_warning_gives_advice_python_can_follow():
    english = pith.Pipeline.preset("justext").extract(RUSSIAN)
    assert english.text == "" and english.language == "ru"
    assert english.warnings == [
        "page language is Russian (ru) but the stoplist is English; "
        "try the Russian stoplist or auto"
    ]
    for stoplist in ("Russian", "auto"):
        followed = pith.Pipeline.preset("justext").with_params(stoplist=stoplist).extract(RUSSIAN)
        assert followed.text.startswith("Этой весной") and followed.warnings == []


def test_stoplist_auto_counts_words_per_character_as_the_command_line_sets_it():
    # As `pith extract -s auto`: words and lengths of Chinese and Japanese text are
    # counted per character, so their stop-word density stays a density.
    auto = json.loads(pith.Pipeline.preset("justext").with_params(stoplist="auto").to_json())
    features = {f["type"]: f for f in auto["features"]}
    assert features["justext.stopwords_count"]["stoplist"] == "auto"
    assert features["justext.words_count"]["split"] == "script"
    assert features["justext.length"]["spaceless_weight"] == 3
    english = json.loads(
        pith.Pipeline.preset("pith").with_params(stoplist="English").to_json()
    )
    features = {f["type"]: f for f in english["features"]}
    assert "split" not in features["justext.words_count"]


@pytest.mark.parametrize(
    "article, link, words",
    [
        # Thai has no spaces between words: 3 whitespace runs, 10 dictionary words.
        (
            "<div><div><p><b>ตลาดน้ำ</b> เปิดใหม่ริมคลอง <i>ดึงดูดนักท่องเที่ยว</i></p></div></div>",
            "หน้าแรก",
            10,
        ),
        # Nor has Tibetan, and no dictionary: a tsheg ends each syllable. 3 whitespace
        # runs, 12 syllables.
        (
            "<div><div><p><b>བོད་ཀྱི་སྐད་ཡིག</b> ནི་བོད་མི་རྣམས་ཀྱི་ <i>སྐད་ཡིག་ཡིན།</i></p></div></div>",
            "དཔེ་ཚོགས",
            12,
        ),
    ],
)
def test_words_of_scripts_without_spaces_are_counted(article, link, words):
    # declutter's shake weighs the words against the paragraph's 5 tags, and keeps it.
    page = f"<html><body>{article}<ul><li><a href='/'>{link}</a></li></ul></body></html>"
    record = pith.Pipeline.preset("declutter").extract(page).to_dict()
    assert record["text"] == re.sub("<[^>]+>", "", article)
    assert record["word_count"] == words


def test_a_lao_page_is_named_by_its_script():
    # whatlang does not know Lao; pith names it from its letters, a template's
    # lang="en" notwithstanding, and says that no Lao stoplist exists.
    paragraph = (
        "ສາທາລະນະລັດ ປະຊາທິປະໄຕ ປະຊາຊົນລາວ ເປັນປະເທດທີ່ບໍ່ມີທາງອອກສູ່ທະເລ "
        "ຕັ້ງຢູ່ໃນພາກພື້ນອາຊີຕາເວັນອອກສ່ຽງໃຕ້. ນະຄອນຫຼວງວຽງຈັນ ແມ່ນນະຄອນຫຼວງ "
        "ແລະ ເມືອງໃຫຍ່ທີ່ສຸດຂອງປະເທດ."
    )
    page = f"<html lang='en'><body><article><p>{paragraph}</p></article></body></html>"
    ex = pith.extract(page)
    assert ex.language == "lo" and ex.language_confidence == 1.0
    assert ex.text == paragraph
    assert ex.warnings == ["no stoplist for Lao (lo): language-independent mode"]


def test_tibetan_is_named_by_its_script_and_dzongkha_by_the_page():
    # whatlang does not know the Tibetan script, which writes Tibetan and Dzongkha:
    # the script names Tibetan, a page's lang="dz" Dzongkha.
    paragraph = "བོད་ཀྱི་སྐད་ཡིག་ནི་བོད་མི་རྣམས་ཀྱི་སྐད་ཡིག་ཡིན། " * 3
    for lang, code in [("en", "bo"), ("dz", "dz")]:
        page = f"<html lang='{lang}'><body><p>{paragraph}</p></body></html>"
        assert pith.extract(page).language == code


def test_languages_lists_what_pith_reports_with_stoplists():
    languages = pith.languages()
    codes = [code for code, _, _, _ in languages]
    assert codes == sorted(set(codes))
    assert ("en", "English", "English", "text") in languages
    assert ("dv", "Dhivehi", None, "script") in languages
    assert ("ps", "Pashto", None, "html-lang") in languages
    # Every stoplist named is one the jusText drop-in has (or a wordfreq list).
    names = set(pith.justext.get_stoplists()) | {"Chinese", "Japanese"}
    assert all(stoplist in names for _, _, stoplist, _ in languages if stoplist)
    # The language of an extraction is one of them.
    page = "<html><body><p>" + "བོད་ཀྱི་སྐད་ཡིག་ནི་བོད་མི་རྣམས་ཀྱི་སྐད་ཡིག་ཡིན། " * 3 + "</p></body></html>"
    assert pith.extract(page).language in codes


def test_errors_are_exceptions_with_the_rust_message():
    with pytest.raises(pith.PipelineError, match="unknown preset"):
        pith.Pipeline.preset("nope")
    with pytest.raises(pith.PipelineError, match="no stage .* named \"nope\""):
        pith.Pipeline.preset("justext").with_params(nope=1)
    with pytest.raises(pith.PipelineError, match="unknown stoplist"):
        pith.Pipeline.preset("justext").with_params(stoplist="Klingon")
    with pytest.raises(pith.PipelineError):
        pith.Pipeline.from_json("{not json")
    with pytest.raises(OSError):
        pith.Pipeline.from_file("/nonexistent/pipeline.json")
    with pytest.raises(TypeError):
        pith.Pipeline.preset("justext").extract(12)
    strict = pith.Pipeline.preset("justext").with_params(errors="strict", default_encoding="ascii")
    with pytest.raises(pith.ExtractError, match="unable to decode"):
        strict.extract(b"<p>caf\xe9</p>")
    assert issubclass(pith.ExtractError, pith.PithError)
    assert issubclass(pith.PipelineError, pith.PithError)


def test_extract_many_keeps_order_and_matches_extract(sample_html):
    pipeline = pith.Pipeline.preset("justext")
    pages = [sample_html, b"<p>short</p>", sample_html.decode("utf-8"), (b"<p>x</p>", "u")] * 5
    many = pipeline.extract_many(pages, workers=2)
    assert len(many) == len(pages)
    for page, ex in zip(pages, many):
        html = page[0] if isinstance(page, tuple) else page
        assert ex.text == pipeline.extract(html).text
    assert many[3].url == "u"
    assert pipeline.extract_many([], workers=2) == []
    with pytest.raises(ValueError):
        pipeline.extract_many(pages, workers=0)


def test_extract_many_loses_no_page_on_error():
    strict = pith.Pipeline.preset("justext").with_params(errors="strict", default_encoding="ascii")
    pages = [b"<p>ok</p>", b"<p>caf\xe9</p>", b"<p>ok</p>"]
    with pytest.raises(pith.ExtractError, match="page 1"):
        strict.extract_many(pages, workers=2)
    out = strict.extract_many(pages, workers=2, errors="return")
    assert len(out) == 3
    assert isinstance(out[1], pith.ExtractError)
    assert isinstance(out[0], pith.Extraction) and isinstance(out[2], pith.Extraction)


def test_a_deep_page_reports_the_limit_and_keeps_its_text():
    html = b"<div>" * 5000 + b"deep text" + b"</div>" * 5000
    ex = pith.Pipeline.preset("justext").extract(html)
    assert ex.limits_hit, "the depth guard should have been reported"
    assert any("deep text" in b.text for b in ex.blocks)


def test_threads_run_in_parallel_without_errors(sample_html):
    pipeline = pith.Pipeline.preset("justext")
    expected = pipeline.extract(sample_html).text
    results = []

    def work():
        for _ in range(5):
            results.append(pipeline.extract(sample_html).text)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 20


def test_help_reads_well():
    assert "drop-in" in pith.__doc__
    assert pith.Pipeline.extract.__doc__ and "GIL" in pith.Pipeline.extract.__doc__
    assert pith.Pipeline.extract_many.__doc__


def test_extract_uses_the_named_preset_and_defaults_to_pith(sample_html):
    ex = pith.extract(sample_html, url="https://example.com/")
    assert ex.text == pith.Pipeline.preset("pith").extract(sample_html).text
    assert ex.text.startswith("River town rebuilds its old footbridge")
    assert ex.url == "https://example.com/"
    jt = pith.extract(sample_html, "justext")
    assert jt.text == pith.Pipeline.preset("justext").extract(sample_html).text
    assert pith.extract(sample_html.decode("utf-8"), preset="declutter").text
    with pytest.raises(pith.PipelineError, match="no-such-preset"):
        pith.extract(sample_html, "no-such-preset")


def test_the_docstring_examples_run():
    """Every ``>>>`` example in the package's docstrings (Python and Rust halves)."""
    import doctest

    failed, tried = doctest.testmod(pith, extraglobs={"pith": pith})
    assert tried >= 4 and failed == 0


def test_favor_precision_and_recall_lean_as_trafilatura_does(sample_html):
    """``favor_precision`` keeps a subset of the default's lines (on the bundled sample
    with an aside added it drops the aside, a block the trees are less sure of),
    ``favor_recall`` a superset; ``Pipeline.favoring`` is the same lean on a held
    pipeline."""
    from pith_testing import ASIDE, sample_with_aside

    page = sample_with_aside()
    lines = lambda ex: ex.text.splitlines()
    default = lines(pith.extract(page))
    precise = lines(pith.extract(page, favor_precision=True))
    full = lines(pith.extract(page, favor_recall=True))
    assert set(precise) <= set(default) <= set(full)
    assert len(precise) < len(default)
    assert ASIDE in default and ASIDE not in precise
    held = pith.Pipeline.preset("pith").favoring("precision")
    assert lines(held.extract(page)) == precise
    with pytest.raises(ValueError, match="exclude"):
        pith.extract(sample_html, favor_precision=True, favor_recall=True)
    with pytest.raises(ValueError, match="neither"):
        pith.Pipeline.preset("pith").favoring("speed")
    # A preset without the lean warns and ignores it, as `pith extract` does; the
    # pipeline method, asked for nothing else, raises.
    with pytest.warns(UserWarning, match="'justext' has no learned .* favor_recall ignored"):
        leaned = pith.extract(sample_html, "justext", favor_recall=True)
    assert leaned.text == pith.extract(sample_html, "justext").text
    with pytest.raises(pith.PipelineError, match="justext"):
        pith.Pipeline.preset("justext").favoring("recall")
    with pytest.raises(pith.PipelineError, match="unknown preset"):
        pith.extract(sample_html, "nope", favor_recall=True)


_SENTENCE = ("The council said on Tuesday that the new footbridge over the river would open "
             "in the spring, after two years of work by volunteers and engineers from the "
             "town, and that the old crossing would be kept.")
_ARTICLE = "".join(f"<p>{_SENTENCE}</p>" for _ in range(5))


def _page_with_thread(replies=3):
    comment = ("I have lived on the other side of the river for most of my life, and the "
               "old bridge was the only way for many of us to get to the shops and to the "
               "station without a long walk round by the main road, so I am glad.")
    replies = "".join(f"<li class='comment'><b>Reader {i}</b><p>{comment}</p></li>" for i in range(replies))
    return (f"<html><body class='single f_comments_on'><h1>Footbridge to reopen</h1>{_ARTICLE}"
            f"<section id='comments'><ol class='comment-list'>{replies}</ol></section>"
            "<footer>Copyright 2024</footer></body></html>")


@pytest.mark.parametrize("replies", [3, 12])
def test_include_comments_false_drops_the_thread_not_the_article(replies):
    """As ``pith extract --no-comments`` (``justext4-permissive`` keeps this thread),
    a thread longer than the article (12 replies) too."""
    page = _page_with_thread(replies)
    kept = pith.extract(page, "justext4-permissive").text
    assert kept.count("I have lived on the other side") == replies
    dropped = pith.extract(page, "justext4-permissive", include_comments=False).text
    assert "I have lived on the other side" not in dropped
    assert dropped.count("The council said") == 5
    held = pith.Pipeline.preset("justext4-permissive").without_comments()
    assert held.extract(page).text == dropped
    assert held.without_comments().to_json() == held.to_json()


def test_include_tables_false_drops_a_data_table_not_a_layout():
    """As ``pith extract --no-tables``."""
    cell = ("The first of the three bridges in the valley was built of timber by the mill "
            "owners in the year the railway came, and it stood for most of a century "
            "before the floods.")
    beside = (f"<html><body><h1>Footbridge</h1>{_ARTICLE}<table><tr><td>{cell}</td></tr>"
              f"<tr><td>{cell}</td></tr></table></body></html>")
    layout = (f"<html><body><table><tr><td><h1>Footbridge</h1>{_ARTICLE}</td></tr>"
              f"<tr><td>{cell}</td></tr></table></body></html>")
    preset = "justext4-permissive"
    assert "The first of the three" in pith.extract(beside, preset).text
    dropped = pith.extract(beside, preset, include_tables=False).text
    assert "The first of the three" not in dropped and dropped.count("The council said") == 5
    assert pith.extract(layout, preset, include_tables=False).text == pith.extract(layout, preset).text
    held = pith.Pipeline.preset(preset).without_tables()
    assert held.extract(beside).text == dropped


def test_include_title_false_drops_the_headline_the_title_repeats():
    """As ``pith extract --no-title``: the headline goes, the title stays in ``title``."""
    page = ("<html><head><title>Footbridge to reopen | Valley News</title></head><body>"
            f"<h1>Footbridge to reopen</h1>{_ARTICLE}<p>Valley News</p></body></html>")
    for preset in ("pith", "justext4-permissive"):
        kept = pith.extract(page, preset)
        assert "Footbridge to reopen" in kept.text, preset
        dropped = pith.extract(page, preset, include_title=False)
        assert "Footbridge to reopen" not in dropped.text, preset
        assert dropped.text.count("The council said") == kept.text.count("The council said") == 5
        assert dropped.title == "Footbridge to reopen | Valley News"
        held = pith.Pipeline.preset(preset).without_title()
        assert held.extract(page).text == dropped.text
        assert held.without_title().to_json() == held.to_json()


def same_features(a, b):
    """Equal feature dicts, a NaN equal to a NaN."""
    return a.keys() == b.keys() and all(a[k] == v or (v != v and a[k] != a[k]) for k, v in b.items())


def test_extractions_and_blocks_pickle_whole(sample_html):
    """Results cross process boundaries (multiprocessing, Spark's rdd.map) with every
    field, NaN features included."""
    pipeline = pith.Pipeline.preset("pith")
    ex = pipeline.extract(sample_html, url="https://example.org/a")
    again = pickle.loads(pickle.dumps(ex))
    assert isinstance(again, pith.Extraction)
    assert again.to_dict() == ex.to_dict()
    assert (again.language, again.language_confidence) == (ex.language, ex.language_confidence)
    assert (again.encoding, again.encoding_source, again.stoplist) == (
        ex.encoding, ex.encoding_source, ex.stoplist)
    assert len(again) == len(ex) > 0
    for a, b in zip(again.blocks, ex.blocks):
        for field in ("text", "label", "cf_label", "heading", "xpath", "dom_path",
                      "chars_count_in_links", "tags_count", "preformatted",
                      "after_line_break"):
            assert getattr(a, field) == getattr(b, field), field
        assert same_features(a.features, b.features)
    block = ex.blocks[0]
    copied = pickle.loads(pickle.dumps(block))
    assert (copied.text, copied.label) == (block.text, block.label)
    assert same_features(copied.features, block.features)
    nan = pith.Pipeline.preset("justext").extract(b"<p>" + b"word " * 50 + b"</p>")
    assert pickle.loads(pickle.dumps(nan)).text == nan.text
    with pytest.raises(ValueError):
        pith.Extraction._restore({"blocks": "[]"})


def test_extract_many_names_items_that_are_not_pages():
    """An item that is not a page is an error at its index, raised before any page is
    worked on, or in its place with errors="return": the other pages are extracted."""
    pipeline = pith.Pipeline.preset("justext")
    page = b"<p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p>"
    items = [page, None, (page, "u", "x"), (page, "u")]
    with pytest.raises(TypeError, match="page 1: .*NoneType"):
        pipeline.extract_many(items)
    out = pipeline.extract_many(items, workers=2, errors="return")
    assert len(out) == 4
    assert isinstance(out[0], pith.Extraction) and out[0].text.startswith("The text")
    assert isinstance(out[1], TypeError) and "page 1" in str(out[1])
    assert isinstance(out[2], (TypeError, ValueError)) and "page 2" in str(out[2])
    assert isinstance(out[3], pith.Extraction) and out[3].url == "u"
    with pytest.raises(TypeError, match="for one page use extract"):
        pipeline.extract_many(page)


def test_a_str_page_with_a_lone_surrogate_is_read():
    """Text decoded with errors="surrogateescape" keeps lone surrogates, which UTF-8
    cannot hold: they are read as U+FFFD, and the rest of the page is extracted."""
    text = "<p>" + "The text of a page, long enough and full of the words. " * 5 + "\udcff</p>"
    pipeline = pith.Pipeline.preset("justext")
    ex = pipeline.extract(text)
    assert ex.text.startswith("The text of a page") and ex.text.endswith("words. \ufffd")
    assert pith.extract(text).text.startswith("The text of a page")
    assert pipeline.extract_many([text, text], errors="return")[1].text == ex.text
    # One U+FFFD for each surrogate, as the README says, not one per byte of it.
    cafe = "<p>caf\udce9 " + "and the text of a page, long enough and full of words. " * 5 + "</p>"
    assert pipeline.extract(cafe).text.startswith("caf\ufffd and")


def test_a_url_in_the_presets_place_is_named():
    """trafilatura.extract(html, url): here the second argument is the preset."""
    with pytest.raises(pith.PipelineError, match="url="):
        pith.extract(b"<p>x</p>", "https://example.org/")
    with pytest.raises(pith.PipelineError, match='^preset: unknown preset "nope"'):
        pith.Pipeline.preset("nope")


def test_bytearray_pages_and_the_auto_stoplist(sample_html):
    pipeline = pith.Pipeline.preset("justext")
    assert pipeline.extract(bytearray(sample_html)).text == pipeline.extract(sample_html).text
    assert pipeline.extract_many([bytearray(sample_html)])[0].text == pipeline.extract(sample_html).text
    assert pith.Pipeline.preset("pith").extract(sample_html).stoplist == "auto"
    assert pipeline.extract(sample_html).stoplist == "English"


def test_meta_tags_are_the_extractions_metadata():
    html = (b"<html><head><title>T</title><meta name=author content='Jane Doe'>"
            b"<meta property=og:site_name content=Courier><meta name=description content='A story.'>"
            b"<meta property=article:published_time content=2024-03-14T08:00:00Z></head>"
            b"<body><p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p></body></html>")
    ex = pith.extract(html)
    assert (ex.author, ex.site_name, ex.description, ex.published) == (
        "Jane Doe", "Courier", "A story.", "2024-03-14T08:00:00Z")
    d = ex.to_dict()
    assert d["author"] == "Jane Doe" and d["published"] == "2024-03-14T08:00:00Z"
    assert pickle.loads(pickle.dumps(ex)).to_dict() == d


def test_a_page_without_a_date_has_its_urls():
    """As a ``--format jsonl`` record: the page's own date first, else its URL's, else
    the date its text shows."""
    html = b"<p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p>"
    ex = pith.extract(html, url="https://e.org/2019/11/19/story")
    assert ex.published == "2019-11-19" and ex.to_dict()["published"] == "2019-11-19"
    assert pickle.loads(pickle.dumps(ex)).published == "2019-11-19"
    assert pith.extract(html, url="https://e.org/2019/11/story").published is None
    assert "published" not in pith.extract(html).to_dict()
    dated = b"<meta name=date content=2019-11-20>" + html
    assert pith.extract(dated, url="https://e.org/2019/11/19/story").published == "2019-11-20"
    # Else the date the page's text shows; a URL's date comes before it.
    posted = b"<p>Posted by Jane on July 15, 2012</p>" + html
    ex = pith.extract(posted, url="https://e.org/2019/11/story")
    assert ex.published == "2012-07-15" and ex.to_dict()["published"] == "2012-07-15"
    assert pickle.loads(pickle.dumps(ex)).published == "2012-07-15"
    assert pith.extract(posted, url="https://e.org/2019/11/19/story").published == "2019-11-19"


def test_a_page_without_an_author_has_its_bylines():
    """As a ``--format jsonl`` record: the tags' author first, else the name the page's
    first byline gives; pickled too, and a pickle made before bylines were read loads."""
    html = b"<p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p>"
    bylined = b"<p>By <a href=/m>Martha Ellison</a>, Local Affairs Reporter</p>" + html
    ex = pith.extract(bylined)
    assert ex.author == "Martha Ellison" and ex.to_dict()["author"] == "Martha Ellison"
    assert pickle.loads(pickle.dumps(ex)).author == "Martha Ellison"
    assert pith.extract(b"<meta name=author content='Jane Doe'>" + bylined).author == "Jane Doe"
    assert pith.extract(html).author is None and "author" not in pith.extract(html).to_dict()
    restore, (state,) = ex.__reduce__()
    del state["bylined_in_text"]
    assert restore(state).author is None


def test_markdown_has_headings_and_tables_as_the_cli_writes_them(tmp_path):
    """``Extraction.markdown`` is ``pith extract --format markdown``: trafilatura users
    ask for ``output_format="markdown"`` and expect its tables."""
    ex = pith.extract(STANDINGS, "justext")
    assert ex.markdown.startswith("# Busch keeps the lead after Texas\n\nKyle Busch kept")
    assert "\n\n" + STANDINGS_TABLE in ex.markdown
    page = tmp_path / "standings.html"
    page.write_text(STANDINGS)
    cli = subprocess.run([pith_cli(), "extract", "--preset", "justext", "--format", "markdown",
                          "-q", str(page)],
                         capture_output=True, text=True, check=True)
    assert ex.markdown == cli.stdout
    # The tables outlive the page: pickled, and from extract_many's threads.
    assert pickle.loads(pickle.dumps(ex)).markdown == ex.markdown
    many = pith.Pipeline.preset("justext").extract_many([STANDINGS] * 3, workers=2)
    assert [m.markdown for m in many] == [ex.markdown] * 3


RECIPE = (
    "<html><body><article><h1>A plain sponge cake</h1>"
    "<p>This is the cake that my grandmother made for every birthday in the family, and it "
    "is still the one that all of us ask for when there is something to celebrate.</p>"
    "<ol start='4'><li>Whisk the eggs with the sugar for a good five minutes, until the "
    "mixture is pale and thick enough to hold a trail from the whisk.</li>"
    "<li>Sift the flour over the eggs and fold it in with a large metal spoon, taking care "
    "not to knock out all of the air that you have just beaten into them.</li></ol>"
    "</article></body></html>"
)


def test_markdown_numbers_an_ordered_list_from_its_start():
    """``<ol start="4">`` is numbered 4, 5 (a recipe's steps continued after a photo),
    after pickling too; a pickle made before list starts were kept still loads, its
    lists numbered from 1 as they were then."""
    ex = pith.extract(RECIPE)
    assert "\n\n4. Whisk the eggs" in ex.markdown and "\n5. Sift the flour" in ex.markdown
    assert pickle.loads(pickle.dumps(ex)).markdown == ex.markdown
    restore, (state,) = ex.__reduce__()
    del state["lists"]
    older = restore(state)
    assert older.markdown == ex.markdown.replace("4. Whisk", "1. Whisk").replace("5. Sift", "2. Sift")


INSTALL_PAGE = (
    "<html><body><article><h1>Installing the tool</h1>"
    "<p>These are the steps we followed to install the tool on a fresh machine, with "
    "the problems we met on the way and how we solved each one of them.</p><ol>"
    "<li><p>Download the archive from the project's release page and check its "
    "signature against the key that the project publishes.</p><p>The key is on the "
    "project's own site; do not take it from a mirror or from a search result.</p></li>"
    "<li><p>Unpack the archive into a directory of its own and run the configure "
    "script that you find at the top of that directory.</p></li></ol>"
    '<pre><code class="language-sh">make\nmake install</code></pre>'
    "<p>After that the tool was ready, and we could start the real work of the "
    "project at last, which took the rest of the week and most of the next.</p>"
    "</article></body></html>"
)


def test_markdown_keeps_an_items_paragraphs_and_a_fences_language():
    """An ``<li>`` of two paragraphs is one item (the list keeps its numbers) and a
    fence names its code's language, after pickling too; a pickle made before items
    and languages were kept still loads, written as it was then."""
    ex = pith.extract(INSTALL_PAGE)
    md = ex.markdown
    assert "publishes.\n\n   The key is on" in md and "result.\n2. Unpack" in md, md
    assert "\n```sh\nmake\nmake install\n```\n" in md, md
    assert pickle.loads(pickle.dumps(ex)).markdown == md
    restore, (state,) = ex.__reduce__()
    del state["items"], state["languages"]
    older = restore(state).markdown
    assert "publishes.\n2. The key is on" in older and "result.\n3. Unpack" in older, older
    assert "\n```\nmake" in older, older


CODE_PAGE = (
    "<html><body><article><h1>Stopping a runaway job</h1>"
    "<p>When a job will not stop on its own, call <code>job.stop()</code> from the "
    "console, and <strong>really</strong> wait for it to finish before you start "
    "another one, <em>however long</em> that takes on a busy machine.</p>"
    "</article></body></html>"
)


def test_markdown_marks_inline_code_and_emphasis():
    """Inline code, strong and emphasis are written as Markdown writes them, after
    pickling too; a pickle made before spans were kept still loads, its blocks flat as
    they were then."""
    ex = pith.extract(CODE_PAGE)
    for marked in ("call `job.stop()` from", "**really** wait", "another one, *however long* that"):
        assert marked in ex.markdown, ex.markdown
    assert "job.stop()" in ex.text and "`" not in ex.text
    assert pickle.loads(pickle.dumps(ex)).markdown == ex.markdown
    restore, (state,) = ex.__reduce__()
    del state["spans"]
    older = restore(state)
    flat = ex.markdown.replace("`", "").replace("**", "").replace("*", "")
    assert older.markdown == flat
    state["spans"] = [[("bold", 0, 1)]] * len(state["lists"])
    with pytest.raises(ValueError, match="span kind"):
        restore(state)


def test_binary_bytes_are_an_error_not_text():
    """As ``pith extract`` answers a binary file: trafilatura returns None, and pith
    used to return the bytes decoded as windows-1252 "text" (with a language)."""
    with pytest.raises(pith.ExtractError, match="not an HTML page: binary content"):
        pith.extract(bytes(range(256)) * 10)
    out = pith.Pipeline.preset("justext").extract_many(
        [bytes(range(256)), b"<p>a page</p>"], errors="return")
    assert isinstance(out[0], pith.ExtractError) and isinstance(out[1], pith.Extraction)
    # A page with a stray NUL keeps its markup: still a page.
    assert "words" in pith.extract(b"<p>" + b"Some words of a page. " * 10 + b"\0</p>", "justext").text


def test_blocks_say_what_is_preformatted_and_what_is_a_line():
    """A block keeps its code as written and says when a lone ``<br>`` cut it from the
    one before (``Extraction.markdown`` writes a hard line break there), after pickling
    too; a block pickled before both were kept loads without them."""
    pipeline = pith.Pipeline.preset("declutter")
    ex = pipeline.extract("<p>Pith Books<br>12 High Street</p><pre>def f():\n    return 1</pre>")
    blocks = {b.text: b for b in ex.blocks}
    assert blocks["def f(): return 1"].preformatted == "def f():\n    return 1"
    assert blocks["Pith Books"].preformatted is None
    assert (blocks["Pith Books"].after_line_break, blocks["12 High Street"].after_line_break) == (
        False, True)
    assert "Pith Books  \n12 High Street\n" in ex.markdown, ex.markdown
    line = blocks["12 High Street"]
    copied = pickle.loads(pickle.dumps(line))
    assert (copied.after_line_break, copied.preformatted) == (True, None)
    restore, args = line.__reduce__()
    older = restore(*args[:9])
    assert (older.text, older.after_line_break, older.preformatted) == (line.text, False, None)
    justext = pith.Pipeline.preset("justext").extract("<p>a<br>b</p><pre>x\n  y</pre>")
    assert not any(b.after_line_break or b.preformatted for b in justext.blocks)
