//! `-s auto` on the command line: the record names the page's language, keeps its
//! text, and a fixed stoplist that does not fit says so; `--stats` counts languages.

use serde_json::Value;

use crate::common::{pith, write};

const RUSSIAN: &str = "<html><body><ul><li><a href='/'>Главная</a></li><li><a href='/n'>Новости</a></li></ul>\
    <p>Этой весной жители нашей небольшой деревни решили вместе отремонтировать старый мост через реку. \
    Каждый вечер после работы они собирались на берегу, приносили доски и инструменты и по очереди \
    готовили ужин для всех, кто помогал.</p></body></html>";

fn records(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn auto_keeps_russian_text_and_english_warns() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "ru.html", RUSSIAN.as_bytes());
    let stats = dir.path().join("stats.json");
    let page = page.to_str().unwrap();
    let auto = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "jsonl",
            "-q",
            "-s",
            "auto",
            "--stats",
            stats.to_str().unwrap(),
            page,
        ],
        None,
    );
    assert!(auto.status.success());
    let rec = &records(&auto.stdout)[0];
    assert_eq!(rec["language"], "ru", "{rec}");
    assert!(rec["language_confidence"].as_f64().unwrap() > 0.5);
    assert!(
        rec["text"].as_str().unwrap().starts_with("Этой весной"),
        "{rec}"
    );
    assert!(rec.get("warnings").is_none(), "{rec}");
    let s: Value = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    assert_eq!(s["languages"]["ru"], 1, "{s}");

    let english = pith(
        &[
            "extract", "--preset", "justext", "--format", "jsonl", "-q", page,
        ],
        None,
    );
    let rec = &records(&english.stdout)[0];
    assert_eq!(rec["text"], "");
    let warning = rec["warnings"][0].as_str().unwrap();
    assert!(
        warning.contains("try the Russian stoplist or auto"),
        "{warning}"
    );

    let json = pith(
        &[
            "extract", "--preset", "justext", "--format", "json", "-s", "auto", page,
        ],
        None,
    );
    let rec = &records(&json.stdout)[0];
    assert_eq!(rec["language"], "ru", "{rec}");
}

const CHINESE: &str = "<html><body><ul><li><a href='/'>首页</a></li><li><a href='/n'>新闻</a></li></ul>\
    <p>今年春天，我们村里的人决定一起修理河上那座旧桥。每天下班以后，大家都会来到河边，\
    带着木板和工具，轮流给所有来帮忙的人做晚饭。孩子们也在旁边帮忙，把钉子一颗一颗地递给大人。\
    到了夏天，新的桥终于修好了，全村的人都在桥上一起吃了一顿饭，庆祝这件大家都很高兴的事情。</p></body></html>";

/// The stoplists pith adds to jusText's are names `-s` takes, as the README and the
/// warnings name them: `-s Chinese` keeps a Chinese page's text as `-s auto` does,
/// counting its words per character.
#[test]
fn chinese_and_japanese_are_stoplists_the_command_line_takes() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "zh.html", CHINESE.as_bytes());
    let page = page.to_str().unwrap();
    let text = |stoplist: &str| {
        let o = pith(
            &[
                "extract", "--preset", "justext", "--format", "text", "-s", stoplist, page,
            ],
            None,
        );
        assert!(
            o.status.success(),
            "-s {stoplist}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    };
    let chinese = text("Chinese");
    assert!(chinese.starts_with("今年春天"), "{chinese}");
    assert_eq!(chinese, text("auto"));
    text("Japanese"); // loads and runs
}

/// The default preset already chooses the stoplist per page: `-s auto` on top of it
/// changes nothing, on a Chinese page too (it keeps the counting its trees were fitted
/// on), neither in what `pith extract` keeps nor in the features `pith explain` shows
/// for each block.
#[test]
fn the_default_preset_is_what_s_auto_makes_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "zh.html", CHINESE.as_bytes());
    let page = page.to_str().unwrap();
    let run = |command: &str, extra: &[&str]| {
        let out = dir.path().join("out");
        let mut args = vec![command, "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.push(page);
        let o = pith(&args, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(&out).unwrap()
    };
    let default = run("extract", &[]);
    assert!(default.contains("今年春天"), "{default}");
    assert_eq!(default, run("extract", &["-s", "auto"]));
    let explained = run("explain", &[]);
    assert!(explained.contains("<th>justext.words_count</th>"));
    assert!(
        explained == run("explain", &["-s", "auto"]),
        "pith explain -s auto differs"
    );
}
