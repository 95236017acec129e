"""``pith.train``: fitting the learned classifier on folders of pages with gold texts,
from Python, as ``pith train`` does (synthetic pages: no dataset needed)."""

import json

import pytest

import pith

SENTENCES = [
    "The council said that it would review the plan for the new bridge over the river before the end of the year.",
    "Residents who live near the site have asked for more time to read the report and to send their comments.",
    "According to the engineers, the work could start in the spring if the weather is good and the money is there.",
    "It is the third time in ten years that the town has tried to replace the old crossing, which was built in 1921.",
]


def make_dataset(root, name="my-gold", pages=6):
    """A folder in the datasets' layout: pages with a menu, an article and a footer,
    and the article as each page's gold text."""
    folder = root / name
    (folder / "html").mkdir(parents=True)
    (folder / "gold").mkdir()
    for i in range(pages):
        article = [SENTENCES[(i + k) % len(SENTENCES)] for k in range(2)]
        body = "".join(f"<p>{s}</p>" for s in article)
        html = (
            "<html><body><ul><li><a href='/'>Home</a></li><li><a href='/n'>News</a></li></ul>"
            f"<div class='story'>{body}</div><div class='footer'>Privacy | About © 2024</div>"
            "</body></html>"
        )
        (folder / "html" / f"p{i}.html").write_text(html, encoding="utf-8")
        (folder / "gold" / f"p{i}.txt").write_text("\n".join(article), encoding="utf-8")
    return folder


def test_train_fits_the_preset_on_your_pages_and_returns_its_scores(tmp_path):
    folder = make_dataset(tmp_path)
    out = tmp_path / "mine.json"
    result = pith.train([folder], out, folds=2)
    assert set(result) == {"pipeline", "json", "threshold", "scores"}
    # The file is written, it is the text returned, and it loads as the Pipeline returned.
    assert out.read_text(encoding="utf-8") == result["json"]
    assert pith.Pipeline.from_file(out).to_json() == result["pipeline"].to_json()
    spec = json.loads(result["json"])
    # The threshold was chosen over five deals of the pages into folds, as the recipe's.
    assert spec["description"].endswith(
        "; its trees fitted by pith train on my-gold (6 pages), seed 1, 5 deals"
    )
    trees = next(p for p in spec["passes"] if p["type"] == "learn.trees")
    assert trees["decode"] == {"type": "expected_f1", "scale": 0.7}
    # The out-of-fold scores, as `pith train` prints them.
    [scores] = result["scores"]
    assert scores["dataset"] == "my-gold" and scores["pages"] == 6
    assert 0.5 < scores["token"]["f1"] <= 1.0 and 0.5 < scores["shingle_f1"] <= 1.0
    assert scores["empty_pages"] == [] and scores["empty"] == 0
    # The trained pipeline extracts the article.
    page = (folder / "html" / "p1.html").read_bytes()
    assert SENTENCES[1] in result["pipeline"].extract(page).text
    # Deterministic: the same pages and seed give the same file; one folder may be
    # given as itself, a str or a path, instead of a list.
    assert pith.train([folder], folds=2)["json"] == result["json"]
    assert pith.train(str(folder), folds=2)["json"] == result["json"]
    assert pith.train(folder, folds=2)["json"] == result["json"]


def test_train_on_one_deal_says_its_seed_alone(tmp_path):
    result = pith.train([make_dataset(tmp_path)], folds=2, repeats=1)
    assert json.loads(result["json"])["description"].endswith("(6 pages), seed 1")


def test_train_without_folds_has_no_scores(tmp_path):
    result = pith.train([make_dataset(tmp_path)], folds=0)
    assert result["scores"] == [] and result["threshold"] == 0.0


def test_train_refuses_what_would_mislead(tmp_path):
    folder = make_dataset(tmp_path)
    with pytest.raises(ValueError, match="given twice"):
        pith.train([folder, folder], folds=2)
    with pytest.raises(ValueError, match="more than the 6 pages"):
        pith.train([folder], folds=7)
    with pytest.raises(ValueError, match="folds=1 holds no page out"):
        pith.train([folder], folds=1)
    with pytest.raises(ValueError, match="repeats must be at least 1"):
        pith.train([folder], folds=2, repeats=0)
    with pytest.raises(ValueError, match="folds must be 2 or more"):
        pith.train([folder], folds=0, repeats=2)
    (tmp_path / "flat").mkdir()
    (tmp_path / "flat" / "a.html").write_text("<p>a</p>")
    with pytest.raises(ValueError, match="has no html/ folder; a dataset holds its pages"):
        pith.train([tmp_path / "flat"])
    with pytest.raises(pith.PipelineError):
        pith.train([folder], base="no-such-preset", folds=2)
