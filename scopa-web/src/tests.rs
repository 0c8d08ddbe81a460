//! Host tests of what the page gets and sends: the frame is the core's serde JSON and shows
//! only what the viewer may see, the page's loop (draw, act on a wait, fire a due) plays
//! whole matches that replay natively, and what the page sends is checked.

use serde_json::Value;

use super::*;

fn input(players: u8, seats: &[&str], deal: &str) -> SettingsIn {
    SettingsIn {
        game: "scopa".into(),
        players,
        deal: deal.into(),
        target: 11,
        hand_size: 3,
        hands: 2,
        primiera: "classic".into(),
        ace: "none".into(),
        napola: false,
        re_bello: false,
        kings_redeal: true,
        seats: seats.iter().map(|s| (*s).into()).collect(),
        undo: false,
        lang: "en".into(),
    }
}

fn briscola(players: u8, seats: &[&str], hand_size: u8) -> SettingsIn {
    SettingsIn {
        game: "briscola".into(),
        hand_size,
        ..input(players, seats, "standard")
    }
}

fn start(players: u8, seats: &[&str], deal: &str, seed: u64) -> WebSession {
    WebSession::start(input(players, seats, deal).to_settings().unwrap(), seed).unwrap()
}

/// The frame as the page receives it: the wasm's JSON text ([`to_json`]), which must be
/// the core's serde JSON exactly, byte for byte what `serde_json` writes.
fn frame(w: &mut WebSession) -> Value {
    let f = w.take_frame();
    let text = to_json(&f).unwrap();
    assert_eq!(serde_json::to_string(&f).unwrap(), text);
    let parsed: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(parsed, serde_json::to_value(&f).unwrap(), "{text}");
    parsed
}

/// Plays to the end as the page's loop does, reading only the JSON: on a `due`, fire it
/// (an AI's with the move the Worker computes from the saved bytes); on a `wait`, a person
/// taps what `choices` and `offers` allow. Returns the script and the transcript the page
/// records, and how many steps asked to save.
fn play_like_the_page(mut w: WebSession) -> (Vec<String>, Vec<String>, usize) {
    let mut script = Vec::new();
    let mut lines = vec![w.settings_line()];
    let mut saves = usize::from(w.take_save());
    for n in 0..20_000usize {
        let f = frame(&mut w);
        for e in f["events"].as_array().unwrap() {
            lines.extend(e["line"].as_str().unwrap().split('\n').map(String::from));
        }
        if let Some(viewer) = f["viewer"].as_u64() {
            let seat = &f["seats"][viewer as usize];
            assert_eq!(f["hand"].as_array().unwrap().len() as u64, seat["cards"]);
        } else {
            assert!(f["hand"].as_array().unwrap().is_empty());
        }
        let step = if let Some(due) = f["next"].get("due") {
            let token = due["token"].as_u64().unwrap() as u32;
            if due["action"] == "ai" {
                let line = ai_move_line(&w.to_bytes()).unwrap();
                w.fire_move_line(token, &line).unwrap()
            } else {
                w.fire_token(token).unwrap()
            }
        } else if f["offers"]["rematch"] == true {
            assert_eq!(f["banner"]["kind"], "match_over");
            assert!(f["banner"]["text"].as_str().unwrap().contains("won"));
            return (script, lines, saves);
        } else {
            let choices = &f["choices"];
            let line = match choices["kind"].as_str().unwrap() {
                "cards" => {
                    let cards = choices["cards"].as_array().unwrap();
                    format!(
                        "select {}",
                        cards[n % cards.len()]["card"]["card"].as_str().unwrap()
                    )
                }
                "captures" => {
                    let last = choices["options"].as_array().unwrap().len() - 1;
                    format!("capture {last}")
                }
                _ => {
                    assert_eq!(f["offers"]["proceed"], true, "nothing to do: {f}");
                    "continue".into()
                }
            };
            w.act_line(&line).unwrap()
        };
        assert!(step.applied);
        saves += usize::from(step.save);
        script.extend(step.script);
    }
    panic!("the match did not end");
}

#[test]
fn a_page_style_match_replays_natively_from_its_script() {
    for (players, seats, deal) in [
        (2, &["human", "expert"][..], "standard"),
        (4, &["human", "human", "medium", "human"][..], "scopone"),
        (3, &["easy", "random", "medium"][..], "standard"),
    ] {
        let w = start(players, seats, deal, 7);
        let line = w.settings_line();
        let (script, lines, saves) = play_like_the_page(w);
        assert!(script.iter().any(|l| l == "ai"));
        assert_eq!(
            saves,
            script.len() + 1,
            "a save per accepted action, and the first"
        );
        assert_eq!(replay(&line, 7, &script).unwrap(), lines);
    }
}

#[test]
fn the_frame_shows_only_the_viewers_hand() {
    let mut w = start(2, &["human", "human"], "standard", 3);
    let f = frame(&mut w);
    assert_eq!(f["banner"]["kind"], "hand_off");
    assert!(f["hand"].as_array().unwrap().is_empty() && f["viewer"].is_null());
    assert_eq!(f["next"]["wait"]["seat"], f["banner"]["seat"]);
    w.act_line("continue").unwrap();
    let f = frame(&mut w);
    let seat = f["viewer"].as_u64().unwrap() as usize;
    assert_eq!(
        f["hand"].as_array().unwrap().len() as u64,
        f["seats"][seat]["cards"]
    );
    assert_eq!(f["choices"]["kind"], "cards");
    // The page's cards: notation, index and name.
    let card = &f["hand"][0];
    assert!(card["name"].as_str().unwrap().contains(" of "));
    assert!(card["index"].as_u64().unwrap() < 40);
    let mut watch = start(2, &["easy", "easy"], "standard", 3);
    let f = frame(&mut watch);
    assert!(f["hand"].as_array().unwrap().is_empty() && f["viewer"].is_null());
    assert_eq!(f["next"]["due"]["action"], "ai");
}

#[test]
fn a_restored_pass_and_play_save_starts_with_the_hand_off() {
    let mut w = start(2, &["human", "human"], "standard", 5);
    w.act_line("continue").unwrap();
    let f = frame(&mut w);
    let card = f["choices"]["cards"][0]["card"]["card"].as_str().unwrap();
    w.act_line(&format!("select {card}")).unwrap();
    let mut r = WebSession::resume(&w.to_bytes()).unwrap();
    assert!(!r.take_save(), "nothing to save before something changes");
    let f = frame(&mut r);
    assert!(f["hand"].as_array().unwrap().is_empty());
    assert_eq!(f["banner"]["kind"], "hand_off");
    assert!(WebSession::resume(b"SCOPAWEB damaged").is_err());
}

#[test]
fn stale_timers_and_bad_input_change_nothing() {
    let mut w = start(2, &["easy", "easy"], "standard", 9);
    let f = frame(&mut w);
    let token = f["next"]["due"]["token"].as_u64().unwrap() as u32;
    // A new pace makes the running delay stale.
    w.set_pacing(0, 0, 0);
    let stale = w.fire_token(token).unwrap();
    assert_eq!(
        (stale.applied, stale.save, stale.script),
        (false, false, None)
    );
    let before = w.to_bytes();
    assert!(matches!(w.act_line("select 9z"), Err(WebError::BadLine(_))));
    assert!(matches!(
        w.fire_move_line(token + 1, "select 7d"),
        Err(WebError::NotAMove(_))
    ));
    assert!(matches!(w.act_line("select 7d"), Err(WebError::Refused(_))));
    assert_eq!(w.to_bytes(), before);
    let f = frame(&mut w);
    assert!(f["refusal"].is_string());
    let token = f["next"]["due"]["token"].as_u64().unwrap() as u32;
    let played = w.fire_token(token).unwrap();
    assert_eq!(played.script.as_deref(), Some("ai"));
    assert!(played.save);
}

#[test]
fn a_language_change_asks_to_save_and_rewrites_the_texts() {
    let mut w = start(2, &["human", "expert"], "standard", 1);
    assert!(w.take_save());
    assert!(!w.set_lang_code("en").save);
    assert!(!w.set_lang_code("fr").applied);
    assert!(w.set_lang_code("it").save);
    let f = frame(&mut w);
    assert_eq!(f["lang"], "it");
    assert!(f["hand"][0]["name"].as_str().unwrap().contains(" di "));
}

#[test]
fn the_worker_move_is_an_aiplay_line() {
    let w = start(2, &["expert", "easy"], "standard", 4);
    let line = ai_move_line(&w.to_bytes()).unwrap();
    assert!(line.starts_with("aiplay "), "{line}");
    // Nobody's AI is due while the device is handed over.
    let people = start(2, &["human", "human"], "standard", 4);
    assert!(ai_move_line(&people.to_bytes()).is_err());
    assert!(ai_move_line(b"damaged").is_err());
}

#[test]
fn settings_from_the_page_are_checked() {
    let mut bad = input(2, &["human", "expert"], "scopone");
    assert!(WebSession::start(bad.to_settings().unwrap(), 1).is_err());
    bad.seats[1] = "grandmaster".into();
    assert!(
        bad.to_settings()
            .unwrap_err()
            .0
            .contains("unknown AI level")
    );
    bad.seats.pop();
    assert!(bad.to_settings().is_err());
    let mut lang = input(2, &["human", "expert"], "standard");
    lang.lang = "fr".into();
    assert!(lang.to_settings().unwrap_err().0.contains("language"));
}

#[test]
fn labels_exist_in_both_languages() {
    for lang in Lang::ALL {
        let l = labels(lang);
        assert!(l.len() >= Label::ALL.len() + Level::ALL.len());
        assert!(l.iter().all(|(k, v)| !k.is_empty() && !v.is_empty()));
        // As the page gets them: one JSON object, every label under its own key.
        let text = to_json(&LabelMap(l.clone())).unwrap();
        let object: serde_json::Map<String, Value> = serde_json::from_str(&text).unwrap();
        assert_eq!(object.len(), l.len(), "a key twice");
        assert!(l.iter().all(|(k, v)| object[k] == *v));
    }
}

#[test]
fn statistics_rows_are_labelled_from_the_settings_line() {
    let line = start(2, &["human", "expert"], "standard", 1).settings_line();
    let it = stats_label(&line, Lang::It).unwrap();
    assert_eq!(it.against, "Esperto");
    assert!(it.rules.starts_with("2 giocatori"));
    assert!(stats_label("not a settings line", Lang::En).is_none());
}

#[test]
fn briscola_from_the_page_plays_and_replays_natively() {
    for (players, seats, hand_size) in [
        (2, &["human", "expert"][..], 3),
        (2, &["human", "easy"][..], 9),
        (3, &["medium", "human", "random"][..], 3),
        (4, &["human", "human", "medium", "human"][..], 3),
    ] {
        let settings = briscola(players, seats, hand_size).to_settings().unwrap();
        assert_eq!(
            settings.game,
            Game::Briscola(BriscolaRules {
                players,
                hand_size,
                target: 2,
                decks: 1,
            })
        );
        let w = WebSession::start(settings, 11).unwrap();
        let line = w.settings_line();
        assert!(line.starts_with("session briscola"), "{line}");
        let (script, lines, saves) = play_like_the_page(w);
        assert!(script.iter().any(|l| l == "ai"));
        assert_eq!(saves, script.len() + 1);
        assert_eq!(replay(&line, 11, &script).unwrap(), lines);
    }
}

#[test]
fn a_briscola_frame_is_the_table_of_briscola_and_hides_the_other_hand() {
    let mut w = WebSession::start(
        briscola(2, &["human", "expert"], 3).to_settings().unwrap(),
        5,
    )
    .unwrap();
    let f = frame(&mut w);
    let table = &f["table"];
    assert_eq!(table["game"], "briscola");
    assert_eq!(table["stock"], 40 - 2 * 3);
    assert!(table["briscola"]["index"].as_u64().unwrap() < 40);
    assert_eq!(f["hand"].as_array().unwrap().len(), 3);
    assert_eq!(f["seats"][1]["cards"], 3);
    // The other hand is a count: nothing in the frame names its cards.
    let mine: Vec<&str> = f["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["card"].as_str().unwrap())
        .collect();
    assert_eq!(mine.len(), 3);
    // A save of Briscola resumes.
    let mut r = WebSession::resume(&w.to_bytes()).unwrap();
    assert_eq!(frame(&mut r)["table"]["game"], "briscola");
}

#[test]
fn briscola_settings_from_the_page_are_checked() {
    // Nine cards a hand is for two players only: the core says why.
    let three = briscola(3, &["human", "easy", "easy"], 9)
        .to_settings()
        .unwrap();
    assert!(WebSession::start(three, 1).is_err());
    let mut hands = briscola(2, &["human", "easy"], 3);
    hands.hands = 12;
    assert!(WebSession::start(hands.to_settings().unwrap(), 1).is_err());
    let mut game = input(2, &["human", "easy"], "standard");
    game.game = "tressette".into();
    assert!(game.to_settings().unwrap_err().0.contains("unknown game"));
    // The page's old settings (no game, no hand size) are Scopa's.
    let old = SettingsIn::from_json(
        r#"{"players":2,"deal":"standard","target":11,"primiera":"classic","ace":"none",
            "napola":false,"re_bello":false,"kings_redeal":true,"seats":["human","expert"],
            "lang":"en"}"#,
    )
    .unwrap();
    assert_eq!(old.to_settings().unwrap().game, Game::Scopa);
    // The page's settings as it sends them (JSON.stringify: more fields than these, in any
    // order) are read; a number that is not a whole one, or text that is not JSON, is refused.
    let page = SettingsIn::from_json(
        r#"{"game":"briscola","hand_size":3,"hands":2,"players":4,"deal":"standard","target":11,
            "primiera":"classic","ace":"none","napola":false,"re_bello":false,"kings_redeal":true,
            "seats":["human","easy","medium","expert"],"undo":false,"seed":"","lang":"it"}"#,
    )
    .unwrap();
    assert_eq!(page.seats.len(), 4);
    assert!(page.to_settings().unwrap().game.is_briscola());
    assert!(SettingsIn::from_json(r#"{"players":2.5}"#).is_err());
    assert!(SettingsIn::from_json("players 2").is_err());
}

#[test]
fn statistics_keep_the_games_apart() {
    let scopa = start(2, &["human", "expert"], "standard", 1).settings_line();
    let bris = WebSession::start(
        briscola(2, &["human", "expert"], 3).to_settings().unwrap(),
        1,
    )
    .unwrap()
    .settings_line();
    assert_ne!(scopa, bris);
    let s = stats_label(&scopa, Lang::En).unwrap();
    let b = stats_label(&bris, Lang::It).unwrap();
    assert_eq!((s.game.as_str(), b.game.as_str()), ("scopa", "briscola"));
    assert!(b.rules.starts_with("Briscola · 2 giocatori"), "{}", b.rules);
    assert_eq!(b.against, "Esperto");
}

#[test]
fn names_reach_the_frame_and_a_bad_one_is_refused() {
    let mut w = start(2, &["human", "human"], "standard", 5);
    w.set_name_list(&["Anna".into(), "Bruno".into()]).unwrap();
    let f = frame(&mut w);
    assert_eq!(f["seats"][0]["name"], "Anna");
    assert_eq!(f["seats"][1]["name"], "Bruno");
    let err = w
        .set_name_list(&["Anna".into(), "Bartolomeo Colleoni".into()])
        .unwrap_err();
    assert!(err.to_string().contains("seat 2"), "{err}");
    assert_eq!(
        frame(&mut w)["seats"][1]["name"],
        "Bruno",
        "nothing changed"
    );
}

#[test]
fn the_deck_names_the_cards_of_every_text() {
    let mut w = start(2, &["human", "expert"], "standard", 5);
    assert!(!w.set_deck_code("tarot"), "not a deck");
    const SPANISH: [&str; 4] = ["oros", "copas", "espadas", "bastos"];
    const FRENCH: [&str; 4] = ["diamonds", "hearts", "spades", "clubs"];
    const ITALIAN: [&str; 4] = ["denari", "coppe", "spade", "bastoni"];
    for (lang, code, of, suits) in [
        ("en", "spanish", " of ", SPANISH),
        ("it", "spanish", " di ", SPANISH),
        ("en", "french", " of ", FRENCH),
        ("it", "italian", " di ", ITALIAN),
    ] {
        w.set_lang_code(lang);
        assert!(w.set_deck_code(code));
        let f = frame(&mut w);
        let shown = f["hand"]
            .as_array()
            .unwrap()
            .iter()
            .chain(f["table"]["table"].as_array().unwrap());
        for c in shown {
            let name = c["name"].as_str().unwrap();
            let suit = usize::from(c["index"].as_u64().unwrap() as u8 / 10);
            assert!(
                name.ends_with(&format!("{of}{}", suits[suit])),
                "{code} {lang}: {name}"
            );
        }
        // The page's names of every card are the frame's.
        let names = card_names(
            Lang::from_code(lang).unwrap(),
            Deck::from_code(code).unwrap(),
        );
        assert_eq!(names.len(), 40);
        for c in f["hand"].as_array().unwrap() {
            assert_eq!(names[c["index"].as_u64().unwrap() as usize], c["name"]);
        }
    }
    let spanish = card_names(Lang::En, Deck::Spanish);
    assert_eq!(spanish[19], "King of copas");
    assert_eq!(card_names(Lang::It, Deck::Spanish)[19], "Re di copas");
    assert_eq!(card_names(Lang::En, Deck::Italian)[19], "King of coppe");
}

/// The settings reader (`json_in`) reads what serde's derive on `SettingsIn` reads: the
/// same values for the page's texts (escapes, unknown fields of any shape, white space),
/// and refuses what it refuses.
#[test]
fn settings_reader_agrees_with_serde() {
    let same = [
        r#"{"players":2,"deal":"standard","target":11,"primiera":"classic","ace":"none","napola":false,"re_bello":false,"kings_redeal":true,"seats":["human","expert"],"lang":"en"}"#,
        r#" { "game" : "briscola" , "hand_size":9,"hands":11,"players":2,"deal":"scopone","target":0,
            "primiera":"lenient","ace":"takes_all","napola":true,"re_bello":true,"kings_redeal":false,
            "seats":[],"undo":true,"lang":"it","seed":"","names":["A\"b\\c\/d\n\t\u00e8\ud83c\udca1",""],
            "nested":{"a":[1,-2.5e3,null,true,false,{"b":{}},[]],"c":"}"},"zero":0} "#,
        r#"{"lang":"\u0065n","players":255,"deal":"x","target":1,"primiera":"","ace":"","napola":false,"re_bello":false,"kings_redeal":false,"seats":["\u00E8"]}"#,
    ];
    for text in same {
        let ours = SettingsIn::from_json(text).unwrap();
        let serde: SettingsIn = serde_json::from_str(text).unwrap();
        assert_eq!(format!("{ours:?}"), format!("{serde:?}"), "{text}");
    }
    let names = SettingsIn::from_json(same[2]).unwrap();
    assert_eq!((names.lang.as_str(), names.seats[0].as_str()), ("en", "è"));
    let refused = [
        "",
        "players 2",
        "[]",
        r#"{"players":2.5}"#,
        r#"{"players":2e0}"#,
        r#"{"players":-1}"#,
        r#"{"players":256}"#,
        r#"{"players":"2"}"#,
        r#"{"napola":1}"#,
        r#"{"seats":["human",1]}"#,
        r#"{"lang":"en""#,
        r#"{"lang":"en",}"#,
        r#"{"lang":"\x"}"#,
        r#"{"lang":"\ud83c"}"#,
        r#"{"lang":"\u12"}"#,
        r#"{"players":2,"deal":"standard","target":11}"#,
    ];
    for text in refused {
        assert!(SettingsIn::from_json(text).is_err(), "{text}");
        assert!(serde_json::from_str::<SettingsIn>(text).is_err(), "{text}");
    }
    let err = SettingsIn::from_json(r#"{"players":2.5}"#).unwrap_err().0;
    assert!(
        err.contains("whole number") && err.contains("byte 11"),
        "{err}"
    );
    let deep = format!(r#"{{"x":{}{}}}"#, "[".repeat(100), "]".repeat(100));
    assert!(
        SettingsIn::from_json(&deep)
            .unwrap_err()
            .0
            .contains("nested too deep")
    );
    // No prefix of a valid text, and no text with one byte changed, panics.
    let text = same[1].trim_end();
    for end in 0..text.len() {
        if let Some(prefix) = text.get(..end) {
            assert!(SettingsIn::from_json(prefix).is_err(), "{prefix}");
        }
    }
    for i in 0..text.len() {
        for b in [
            b'"', b'\\', b'{', b'}', b'[', b']', b',', b':', b'0', b'u', b' ', 0,
        ] {
            let mut bytes = text.as_bytes().to_vec();
            bytes[i] = b;
            if let Ok(t) = String::from_utf8(bytes) {
                let _ = SettingsIn::from_json(&t);
            }
        }
    }
}

/// The page's JSON writer (`json_out`) writes what `serde_json` writes: escapes, control
/// characters, options, maps, tagged enums, integers at their limits; floats and
/// non-string keys are refused.
#[test]
fn json_writer_agrees_with_serde_json() {
    #[derive(Serialize)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    enum Tagged {
        Unit,
        Fields { a: u8, b: Option<String> },
    }
    #[derive(Serialize)]
    enum Plain {
        Unit,
        New(i32),
        Tuple(u8, bool),
        Fields { x: i64 },
    }
    #[derive(Serialize)]
    struct Inner {
        n: u16,
    }
    #[derive(Serialize)]
    struct All {
        text: String,
        none: Option<u8>,
        some: Option<u8>,
        limits: (u64, i64, i64, u32, i8),
        list: Vec<Tagged>,
        plain: Vec<Plain>,
        #[serde(flatten)]
        inner: Inner,
        map: std::collections::BTreeMap<String, Vec<u8>>,
        empty: Vec<u8>,
        ch: char,
        unit: (),
        card: scopa_core::Card,
    }
    let all = All {
        text: "a\"b\\c/\u{8}\u{c}\n\r\t\u{0}\u{1f}\u{7f}è🂡".into(),
        none: None,
        some: Some(0),
        limits: (u64::MAX, i64::MIN, i64::MAX, 0, -1),
        list: vec![
            Tagged::Unit,
            Tagged::Fields { a: 255, b: None },
            Tagged::Fields {
                a: 1,
                b: Some("x".into()),
            },
        ],
        plain: vec![
            Plain::Unit,
            Plain::New(-7),
            Plain::Tuple(3, true),
            Plain::Fields { x: -9 },
        ],
        inner: Inner { n: 65535 },
        map: [("k\"1".to_string(), vec![1, 2]), (String::new(), vec![])].into(),
        empty: vec![],
        ch: '"',
        unit: (),
        card: scopa_core::Card::from_index(6).unwrap(),
    };
    assert_eq!(to_json(&all).unwrap(), serde_json::to_string(&all).unwrap());
    assert!(to_json(&1.5f64).is_err());
    assert!(to_json(&std::collections::BTreeMap::from([(1u8, 2u8)])).is_err());
}

/// The page sends tables of 6 and 8 (settings and saves) to the second wasm, and only
/// those: every table size of both games, by its settings and by its save's bytes.
#[test]
fn tables_of_six_and_eight_are_the_ones_sent_to_the_big_wasm() {
    for players in [2u8, 3, 4, 6, 8] {
        let seats: Vec<&str> = (0..players)
            .map(|i| if i == 0 { "human" } else { "easy" })
            .collect();
        for settings in [
            input(players, &seats, "standard"),
            briscola(players, &seats, 3),
        ] {
            let json = serde_json::to_string(&settings).unwrap();
            let big = players >= 6;
            assert_eq!(needs_big_tables(&json), big, "{json}");
            let w = WebSession::start(settings.to_settings().unwrap(), 7).unwrap();
            assert_eq!(save_needs_big_tables(&w.to_bytes()), big, "{json}");
        }
    }
    assert!(!needs_big_tables("{not json"));
    assert!(!save_needs_big_tables(b"SCPS\x03"));
    assert!(!save_needs_big_tables(&[]));
}
