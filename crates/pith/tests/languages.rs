//! Golden pages in six languages, written for the project (not copied pages): each has a
//! menu, a footer and one article paragraph, and `stoplist: "auto"` must identify the
//! language and keep exactly the paragraph. With `-s English` the same pages lose it
//! and say why in `warnings`.

use pith::Pipeline;

/// The `justext` preset with the stoplist chosen per page, set as `-s auto` sets it.
fn auto() -> Pipeline {
    let mut value = pith::preset_value("justext").unwrap();
    assert_eq!(pith::set_param(&mut value, "stoplist", "auto".into()), 1);
    Pipeline::from_value(value).unwrap()
}

fn page(lang: &str, menu: &[&str], paragraph: &str, footer: &str) -> String {
    let items: String = menu
        .iter()
        .map(|m| format!("<li><a href='/{m}'>{m}</a></li>"))
        .collect();
    format!(
        "<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>t</title></head>\
         <body><ul>{items}</ul><div class='article'><p>{paragraph}</p></div>\
         <div class='footer'>{footer}</div></body></html>"
    )
}

struct Golden {
    code: &'static str,
    html_lang: &'static str,
    menu: [&'static str; 4],
    paragraph: &'static str,
    footer: &'static str,
}

const GOLDEN: &[Golden] = &[
    Golden {
        code: "zh",
        html_lang: "zh-CN",
        menu: ["首页", "新闻", "体育", "联系我们"],
        paragraph: "今年春天，我们村子里的老人们决定在河边种一片新的果树。他们说，这些树要等到孩子们长大以后才会结出很多果子，\
                    但是大家都觉得这是一件值得做的事情。每个周末，年轻人也会来帮忙浇水和除草，村子里的气氛比以前热闹了很多。\
                    有一位老师还带着学生来看树苗，让他们把每一棵树的变化都写在自己的日记里。",
        footer: "版权所有 © 2026",
    },
    Golden {
        code: "ja",
        html_lang: "ja",
        menu: ["ホーム", "ニュース", "スポーツ", "お問い合わせ"],
        paragraph: "今年の春、私たちの町の小さな図書館では、子どもたちのために新しい読書会を始めることになりました。\
                    毎週土曜日の午後に集まって、好きな本を一冊ずつ紹介し合い、その本のどこが面白かったのかを話します。\
                    最初は恥ずかしがっていた子どもたちも、今では自分の言葉で楽しそうに感想を伝えられるようになりました。",
        footer: "著作権 © 2026",
    },
    Golden {
        code: "ru",
        html_lang: "ru",
        menu: ["Главная", "Новости", "Спорт", "Контакты"],
        paragraph: "Этой весной жители нашей небольшой деревни решили вместе отремонтировать старый мост через реку. \
                    Каждый вечер после работы они собирались на берегу, приносили доски и инструменты и по очереди \
                    готовили ужин для всех, кто помогал. Когда работа была закончена, дети первыми прошли по новому мосту.",
        footer: "Все права защищены © 2026",
    },
    Golden {
        code: "de",
        html_lang: "de",
        menu: ["Startseite", "Nachrichten", "Sport", "Kontakt"],
        paragraph: "In diesem Frühjahr haben die Bewohner unseres kleinen Dorfes beschlossen, die alte Brücke über den \
                    Fluss gemeinsam zu reparieren. Jeden Abend nach der Arbeit trafen sie sich am Ufer, brachten Bretter \
                    und Werkzeug mit und kochten abwechselnd für alle, die geholfen hatten. Als die Arbeit fertig war, \
                    liefen die Kinder als Erste über die neue Brücke.",
        footer: "Alle Rechte vorbehalten © 2026",
    },
    Golden {
        code: "ar",
        html_lang: "ar",
        menu: ["الرئيسية", "الأخبار", "الرياضة", "اتصل بنا"],
        paragraph: "في هذا الربيع قرر سكان قريتنا الصغيرة أن يصلحوا معا الجسر القديم الذي يعبر النهر. كانوا يجتمعون كل \
                    مساء بعد العمل على ضفة النهر، ويحضرون الألواح والأدوات، ويطبخون بالتناوب العشاء لكل من ساعد في \
                    العمل. وعندما انتهى العمل كان الأطفال أول من عبر على الجسر الجديد وهم يضحكون.",
        footer: "جميع الحقوق محفوظة © 2026",
    },
    Golden {
        code: "hi",
        html_lang: "hi",
        menu: ["मुखपृष्ठ", "समाचार", "खेल", "संपर्क"],
        paragraph: "इस वसंत में हमारे छोटे से गाँव के लोगों ने मिलकर नदी पर बने पुराने पुल की मरम्मत करने का फैसला किया। \
                    हर शाम काम के बाद वे नदी के किनारे इकट्ठा होते थे, लकड़ी के तख्ते और औज़ार लाते थे और बारी बारी से \
                    उन सबके लिए खाना बनाते थे जो मदद कर रहे थे। जब काम पूरा हुआ तो बच्चे सबसे पहले नए पुल पर चले।",
        footer: "सर्वाधिकार सुरक्षित © 2026",
    },
];

#[test]
fn auto_keeps_the_paragraph_in_every_language() {
    let pipeline = auto();
    for g in GOLDEN {
        let html = page(g.html_lang, &g.menu, g.paragraph, g.footer);
        let ex = pipeline.run_bytes(html.as_bytes()).unwrap();
        let id = ex.language.expect("a language");
        assert_eq!(id.language.code, g.code, "{}", g.code);
        let good: Vec<&str> = ex.good_blocks().map(|b| b.text.as_str()).collect();
        let expected = g.paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(good, [expected.as_str()], "{}", g.code);
        assert!(ex.warnings.is_empty(), "{}: {:?}", g.code, ex.warnings);
    }
}

/// `auto` set on `justext` (by [`pith::set_param`], under `-s`, `--set`, Python's
/// `with_params` and Spark's `--param`) counts a Chinese or Japanese page's words per
/// character, as it counts its stop words. Counted per whitespace-separated token
/// instead, a paragraph is a handful of "words" and dozens of stop words, a density far
/// above 1. (The `pith` preset keeps the counting its trees were fitted on.)
#[test]
fn auto_counts_words_per_character_where_it_is_set() {
    let density = pith::justext::features::STOPWORDS_DENSITY;
    let words = pith::justext::features::WORDS_COUNT;
    let mut set_on_justext = pith::preset_value("justext").unwrap();
    pith::set_param(&mut set_on_justext, "stoplist", "auto".into());
    let pipeline = Pipeline::from_value(set_on_justext).unwrap();
    for g in GOLDEN.iter().filter(|g| ["zh", "ja"].contains(&g.code)) {
        let html = page(g.html_lang, &g.menu, g.paragraph, g.footer);
        let ex = pipeline.run_bytes(html.as_bytes()).unwrap();
        let of_paragraph = ex
            .blocks
            .iter()
            .position(|b| b.text.starts_with(&g.paragraph[..6]))
            .expect("the paragraph is a block");
        let paragraph_words = ex.features.column(&words).unwrap()[of_paragraph];
        assert!(
            paragraph_words > 100.0,
            "{}: {paragraph_words} words",
            g.code
        );
        for (i, d) in ex.features.column(&density).unwrap().iter().enumerate() {
            assert!(
                (0.0..=1.0).contains(d),
                "{}, block {i}: density {d}",
                g.code
            );
        }
    }
}

#[test]
fn identification_ignores_a_wrong_html_lang() {
    let pipeline = auto();
    let g = &GOLDEN[2];
    let html = page("en", &g.menu, g.paragraph, g.footer);
    let ex = pipeline.run_bytes(html.as_bytes()).unwrap();
    assert_eq!(ex.language.unwrap().language.code, "ru");
    assert_eq!(ex.good_blocks().count(), 1);
}

#[test]
fn a_fixed_english_stoplist_warns_on_other_languages() {
    let pipeline = pith::preset("justext").unwrap();
    for g in GOLDEN {
        let html = page(g.html_lang, &g.menu, g.paragraph, g.footer);
        let ex = pipeline.run_bytes(html.as_bytes()).unwrap();
        assert_eq!(ex.language.unwrap().language.code, g.code);
        assert_eq!(ex.good_blocks().count(), 0, "{}", g.code);
        assert_eq!(ex.warnings.len(), 1, "{}", g.code);
        assert!(
            ex.warnings[0].contains("but the stoplist is English"),
            "{:?}",
            ex.warnings
        );
    }
}

#[test]
fn a_language_without_a_stoplist_runs_language_independent() {
    // Thai: whatlang knows it, no stoplist exists; the long paragraph stays, the menu goes.
    let paragraph = "ฤดูใบไม้ผลินี้ชาวบ้านในหมู่บ้านเล็กๆ ของเราตัดสินใจซ่อมสะพานเก่าที่ข้ามแม่น้ำด้วยกัน \
                     ทุกเย็นหลังเลิกงานพวกเขามารวมกันที่ริมฝั่งแม่น้ำ นำไม้กระดานและเครื่องมือมาด้วย \
                     และผลัดกันทำอาหารเย็นให้ทุกคนที่มาช่วย เมื่องานเสร็จเด็กๆ เป็นกลุ่มแรกที่เดินข้ามสะพานใหม่";
    let html = page("th", &["หน้าแรก", "ข่าว", "กีฬา", "ติดต่อ"], paragraph, "©");
    let ex = auto().run_bytes(html.as_bytes()).unwrap();
    assert_eq!(ex.language.unwrap().language.code, "th");
    assert_eq!(ex.good_blocks().count(), 1);
    assert!(
        ex.warnings[0].contains("language-independent"),
        "{:?}",
        ex.warnings
    );
}

#[test]
fn lao_is_identified_by_its_script_and_runs_language_independent() {
    // Lao: whatlang does not know it, its script names it; no stoplist exists. The page
    // says it is English (a template's `lang`), and has an English button.
    let paragraph = "ລະດູໃບໄມ້ປົ່ງນີ້ ຊາວບ້ານໃນບ້ານນ້ອຍຂອງພວກເຮົາ ໄດ້ຕັດສິນໃຈສ້ອມແປງຂົວເກົ່າທີ່ຂ້າມແມ່ນ້ຳນຳກັນ \
                     ທຸກໆຕອນແລງຫຼັງເລີກວຽກ ພວກເຂົາມາເຕົ້າໂຮມກັນຢູ່ແຄມແມ່ນ້ຳ ເອົາແຜ່ນໄມ້ ແລະ ເຄື່ອງມືມານຳ \
                     ແລະ ຜັດປ່ຽນກັນແຕ່ງອາຫານແລງໃຫ້ທຸກຄົນທີ່ມາຊ່ວຍ ເມື່ອວຽກແລ້ວ ເດັກນ້ອຍແມ່ນກຸ່ມທຳອິດທີ່ຍ່າງຂ້າມຂົວໃໝ່";
    let html = page("en", &["ໜ້າຫຼັກ", "ຂ່າວ", "ກິລາ", "Share"], paragraph, "©");
    let ex = auto().run_bytes(html.as_bytes()).unwrap();
    let id = ex.language.unwrap();
    assert_eq!((id.language.code, id.language.name), ("lo", "Lao"));
    assert!(id.language.spaceless && id.language.stoplist.is_none());
    let good: Vec<&str> = ex.good_blocks().map(|b| b.text.as_str()).collect();
    let expected = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(good, [expected.as_str()]);
    assert!(
        ex.warnings[0].contains("no stoplist for Lao (lo)"),
        "{:?}",
        ex.warnings
    );
    // The `pith` preset names it too (its features read the language).
    let ex = pith::preset("pith")
        .unwrap()
        .run_bytes(html.as_bytes())
        .unwrap();
    assert_eq!(ex.language.unwrap().language.code, "lo");
}

#[test]
fn a_script_of_several_languages_is_named_by_the_page_alone() {
    // Canadian syllabics write Inuktitut, Cree and Ojibwe: the script cannot say which.
    // whatlang does not know it, and named the page's English menu words' language
    // (English, whose stoplist then cut the paragraph) or, with `lang="iu"`, Spanish.
    let paragraph = "ᐅᓪᓗᒥ ᓄᓇᓕᒻᒥ ᐃᓄᓕᒫᑦ ᑲᑎᑦᑐᑦ ᓴᓇᔭᕆᐊᖃᕐᓂᖅ ᑲᓪᓚᕝᕕᒃ ᐃᒻᒪᖄ ᐊᑯᓂ ᐊᓯᔾᔨᖅᑕᐅᓚᐅᖅᓯᒪᙱᑦᑐᖅ. \
                     ᐃᓅᓯᕐᒥᒃ ᐃᓱᒪᒋᔭᖃᖅᑐᑦ ᐱᕈᖅᓯᐊᓂᒃ ᐊᒻᒪᓗ ᐃᓕᓐᓂᐊᕐᕕᒻᒥᒃ. ᓱᕈᓯᖅ ᐃᓕᓐᓂᐊᖅᑎᑦ ᐃᓚᐅᓂᐊᖅᑐᑦ \
                     ᐅᖃᐅᓯᖅ ᐃᓄᒃᑎᑐᑦ ᐃᓕᓐᓂᐊᕐᓂᕐᒥᒃ ᐊᒻᒪ ᐃᓄᐃᑦ ᐃᓕᖅᑯᓯᖏᓐᓂᒃ. ᐊᑕᐅᓯᕐᒥᒃ ᐅᑭᐅᒥ ᓄᓇᓕᐅᑉ \
                     ᑲᑎᒪᔨᖏᑦ ᑲᑎᒪᖃᑦᑕᖅᐳᑦ ᐱᓕᕆᐊᖑᔪᓂᒃ ᐅᖃᐅᓰᕆᓂᐊᕐᓗᑎᒃ ᐊᒻᒪ ᓄᓇᓕᒻᒥᐅᑦ ᐊᐱᖅᑯᑎᖏᓐᓂᒃ ᑐᓵᕐᓗᑎᒃ.";
    let menu = ["ᐊᒥᐊᖅᑯᓯᒪᔪᑦ", "ᐅᖃᓕᒫᒐᐃᑦ", "Share", "Download the PDF version"];
    let expected = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    for (html_lang, named) in [("en", None), ("iu", Some("iu")), ("cr", Some("cr"))] {
        let html = page(html_lang, &menu, paragraph, "©");
        let ex = auto().run_bytes(html.as_bytes()).unwrap();
        let code = ex.language.map(|id| id.language.code);
        assert_eq!(code, named, "lang={html_lang}");
        // No English stoplist: language-independent, and the paragraph stays.
        let good: Vec<&str> = ex.good_blocks().map(|b| b.text.as_str()).collect();
        assert_eq!(good, [expected.as_str()], "lang={html_lang}");
    }
}

#[test]
fn the_justext_preset_output_is_unchanged_by_identification() {
    // Identification only adds facts: the English stop-word counts stay jusText's.
    let html = page(
        "en",
        &["Home", "News", "Sport", "Contact"],
        "This spring the people of our small village decided to repair the old bridge over the river \
         together. Every evening after work they met on the bank, brought boards and tools, and took \
         turns cooking dinner for everyone who had helped with the work.",
        "All rights reserved",
    );
    let ex = pith::preset("justext")
        .unwrap()
        .run_bytes(html.as_bytes())
        .unwrap();
    assert_eq!(ex.language.unwrap().language.code, "en");
    assert!(ex.warnings.is_empty());
    assert_eq!(ex.good_blocks().count(), 1);
}

#[test]
fn a_dhivehi_page_is_not_given_the_arabic_stoplist() {
    // whatlang counts Thaana letters as Arabic ones, so a Dhivehi page was Arabic and
    // its paragraph was judged by the Arabic stoplist (no Arabic stop words in it: cut).
    // Its script names it; no Dhivehi stoplist exists, so the mode is language-independent.
    let paragraph = "ދިވެހިރާއްޖެއަކީ އިންޑިޔާ ކަނޑުގައި ހުންނަ ޖަޒީރާ ދައުލަތެކެވެ. ރާއްޖޭގެ ވެރިރަށަކީ މާލެ އެވެ. \
                     ރާއްޖޭގައި ހާހަކަށްވުރެ ގިނަ ރަށްތައް ހުރެއެވެ. ދިވެހި ބަހަކީ ރާއްޖޭގެ ރަސްމީ ބަހެވެ. \
                     ދިވެހިން ލިޔަނީ ތާނަ އަކުރުންނެވެ. ފަތުރުވެރިކަމާއި މަސްވެރިކަމަކީ ރާއްޖޭގެ އިޤްތިޞާދުގެ މައިގަނޑު ދާއިރާތަކެވެ.";
    let html = page("ar", &["ފުރަތަމަ", "ޚަބަރު", "ކުޅިވަރު", "Share"], paragraph, "©");
    let ex = auto().run_bytes(html.as_bytes()).unwrap();
    let id = ex.language.unwrap();
    assert_eq!((id.language.code, id.language.name), ("dv", "Dhivehi"));
    assert!(id.language.stoplist.is_none());
    let good: Vec<&str> = ex.good_blocks().map(|b| b.text.as_str()).collect();
    assert_eq!(good, [paragraph]);
    assert!(
        ex.warnings[0].contains("no stoplist for Dhivehi (dv)"),
        "{:?}",
        ex.warnings
    );
    // With the Arabic stoplist (what `auto` chose before), the paragraph is lost.
    let mut arabic = pith::preset_value("justext").unwrap();
    assert_eq!(pith::set_param(&mut arabic, "stoplist", "Arabic".into()), 1);
    let ex = Pipeline::from_value(arabic)
        .unwrap()
        .run_bytes(html.as_bytes())
        .unwrap();
    assert_eq!(ex.good_blocks().count(), 0);
}
