//! The explorer in a real browser: headless Chromium, driven over the DevTools protocol (a
//! WebSocket to the page), opens the catalogue, picks Kayles, enters a position, reads its
//! value, clicks a winning move, goes back and forward, plays a game to its end against onag and
//! opens a sequence's plot; each value read off the page is checked against OEIS A002186, and a
//! screenshot of each page is saved (under the target directory's `tmp/explorer`).
//!
//! Chromium is found as `$ONAG_CHROMIUM`, else `chromium`, `chromium-browser` or
//! `google-chrome` on the PATH (`.ci/run` installs Debian's `chromium`). Where there is none,
//! the test says so and passes, unless `ONAG_REQUIRE_BROWSER` is set (as `.ci/run` sets it).

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

use crate::common::{Scratch, oracle_values};

/// The browser to drive, if there is one.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("ONAG_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .iter()
    .flat_map(|name| std::env::split_paths(&path).map(move |folder| folder.join(name)))
    .find(|candidate| candidate.is_file())
}

/// A headless Chromium with one page, driven over the DevTools protocol.
struct Browser {
    child: Child,
    socket: WebSocket<TcpStream>,
    next_id: u64,
    /// The browser's profile, a folder of its own removed when the browser is dropped.
    profile: Scratch,
}

impl Browser {
    fn launch(program: &PathBuf) -> Browser {
        let profile = Scratch::new("chromium");
        let mut child = Command::new(program)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-extensions",
                "--disable-sync",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--window-size=1200,900",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Chromium starts");
        // Chromium names its DevTools socket on stderr; the rest of stderr is drained, so that
        // the browser never blocks on a full pipe.
        let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        let endpoint = loop {
            let line = lines
                .next()
                .expect("Chromium printed its DevTools address")
                .expect("stderr");
            if let Some(address) = line.split("ws://").nth(1) {
                break address.split('/').next().unwrap_or_default().to_string();
            }
        };
        std::thread::spawn(move || for _ in lines {});
        // The page's own socket, from the list of targets.
        let listed = onag_testkit::serve::get_at(&endpoint, "/json/list");
        let targets: Value = serde_json::from_slice(&listed.body).expect("the targets");
        let page = targets
            .as_array()
            .and_then(|targets| targets.iter().find(|target| target["type"] == "page"))
            .and_then(|target| target["webSocketDebuggerUrl"].as_str())
            .expect("a page target")
            .to_string();
        let stream = TcpStream::connect(&endpoint).expect("connects to Chromium");
        let (socket, _) = tungstenite::client(page.as_str(), stream).expect("the WebSocket");
        Browser {
            child,
            socket,
            next_id: 0,
            profile,
        }
    }

    /// Calls `method` and answers its result (events in between are passed over).
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({"id": id, "method": method, "params": params});
        self.socket
            .send(Message::text(message.to_string()))
            .expect("sent");
        loop {
            let Message::Text(text) = self.socket.read().expect("an answer") else {
                continue;
            };
            let answer: Value = serde_json::from_str(text.as_str()).expect("JSON");
            if answer["id"] == id {
                assert!(answer.get("error").is_none(), "{method}: {answer}");
                return answer["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
    }

    /// Waits (at most a minute) until `expression` is truthy, and answers its value.
    fn wait_for(&mut self, expression: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.eval(&format!(
                "(() => {{ try {{ return {expression}; }} catch (e) {{ return null; }} }})()"
            ));
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(flag) => *flag,
                Value::String(text) => !text.is_empty(),
                Value::Number(number) => number.as_f64() != Some(0.0),
                _ => true,
            };
            if truthy {
                return value;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "waited a minute for {expression}; the page says: {}",
                self.eval("document.body.innerText")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Text of the element `selector`, once it has the text `text`.
    fn wait_text(&mut self, selector: &str, text: &str) {
        self.wait_for(&format!(
            "document.querySelector({selector:?}) && document.querySelector({selector:?}).textContent === {text:?}"
        ));
    }

    /// Saves a PNG of the page as `name.png`.
    fn screenshot(&mut self, name: &str) {
        let result = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(result["data"].as_str().expect("PNG data"))
            .expect("base64");
        assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
        let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("explorer");
        std::fs::create_dir_all(&folder).expect("the screenshots' folder");
        std::fs::write(folder.join(format!("{name}.png")), bytes).expect("the screenshot");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Chromium's helper processes may still write to the profile a moment after the
        // browser has gone, which fails a removal under way: it is tried again while that
        // happens (the scratch folder's own removal then has nothing left to do).
        for _ in 0..20 {
            if std::fs::remove_dir_all(&*self.profile).is_ok() || !self.profile.exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The heaps of a position as the page writes it after "leaves ".
/// Chromium, or `None` with the test skipped (a failure where `ONAG_REQUIRE_BROWSER` is set).
fn chromium_or_skip() -> Option<PathBuf> {
    let program = chromium();
    if program.is_none() {
        assert!(
            std::env::var_os("ONAG_REQUIRE_BROWSER").is_none(),
            "ONAG_REQUIRE_BROWSER is set, and no Chromium was found"
        );
        eprintln!("skipped: no Chromium found (install Debian's chromium, or set ONAG_CHROMIUM)");
    }
    program
}

fn heaps_left(text: &str) -> Vec<usize> {
    let words = text.trim_start_matches("leaves ");
    if words == "nothing" {
        return Vec::new();
    }
    words
        .split_whitespace()
        .map(|heap| heap.parse().expect("a heap"))
        .collect()
}

#[test]
fn the_explorer_works_in_a_real_browser() {
    let Some(program) = chromium_or_skip() else {
        return;
    };
    let kayles = oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let nim_sum = |heaps: &[usize]| heaps.iter().fold(0, |sum, &heap| sum ^ kayles[heap]);
    let server = crate::serve::start(&[]);
    let base = format!("http://{}", server.address);
    let mut browser = Browser::launch(&program);

    // The catalogue: every game, Kayles among them.
    browser.open(&format!("{base}/"));
    let rows = browser.wait_for("document.querySelectorAll('#catalogue tbody tr').length");
    assert!(rows.as_u64().unwrap() >= 20, "{rows}");
    browser.screenshot("catalogue");

    // Pick Kayles, enter a position, read its value.
    browser.eval("document.querySelector('tr[data-game=\"kayles\"] a.game-link').click()");
    browser.wait_for(
        "location.pathname === '/game/kayles' && document.querySelector('#position-form')",
    );
    browser.eval(
        "document.querySelector('#position-input').value = '10 12'; \
         document.querySelector('#position-form').requestSubmit(); true",
    );
    let expected = format!("*{}", nim_sum(&[10, 12]));
    browser.wait_text("#value", &expected);
    browser.wait_for("document.querySelectorAll('#moves li').length > 0");
    assert_eq!(browser.eval("location.search"), "?position=10+12");
    // Every move is marked winning exactly when it leaves a P-position (nim-sum 0, by OEIS).
    let moves = browser.eval(
        "Array.from(document.querySelectorAll('#moves li')).map(li => [li.dataset.winning, li.children[1].textContent])",
    );
    let moves = moves.as_array().unwrap();
    assert!(moves.len() > 10);
    for entry in moves {
        let winning = entry[0] == "1";
        let left = heaps_left(entry[1].as_str().unwrap());
        assert_eq!(winning, nim_sum(&left) == 0, "{entry}");
    }
    browser.screenshot("position");

    // Click a winning move: the position left is a P-position, value 0. Back and forward.
    browser.eval("document.querySelector('#moves li[data-winning=\"1\"] a').click()");
    browser.wait_text("#value", "0");
    browser.eval("history.back()");
    browser.wait_text("#value", &expected);
    browser.eval("history.forward()");
    browser.wait_text("#value", "0");

    // Play Kayles 3 3 (a P-position: G(3) = G(3)) against onag, moving first: whatever is
    // played, onag wins. A hint says no move wins; undo takes a turn back.
    assert_eq!(nim_sum(&[3, 3]), 0);
    browser.open(&format!("{base}/play/kayles?position=3+3&first=me"));
    browser.wait_for("document.querySelectorAll('.play-move').length");
    browser.eval("document.querySelector('#hint-button').click()");
    let hint = browser.wait_for("document.querySelector('#hint').textContent");
    assert!(hint.as_str().unwrap().starts_with("No move wins"), "{hint}");
    browser.eval("document.querySelector('.play-move').click()");
    browser.wait_for("document.querySelectorAll('#history li').length === 2");
    // The board is drawn again once onag's reply is valued: click Undo once it is there and
    // enabled, not while the page is between two drawings.
    browser.wait_for(
        "document.querySelector('#undo-button') && !document.querySelector('#undo-button').disabled",
    );
    browser.eval("document.querySelector('#undo-button').click()");
    browser.wait_for("document.querySelectorAll('#history li').length === 0 && document.querySelector('#current').textContent === 'position: 3 3'");
    for _ in 0..10 {
        let state = browser.wait_for(
            "document.querySelector('#result') ? 'over' : (document.querySelectorAll('.play-move').length ? 'move' : null)",
        );
        if state == "over" {
            break;
        }
        let before = browser.eval("document.querySelectorAll('#history li').length");
        // Two clicks at once: the second finds no move to make while onag's reply is awaited.
        browser.eval("(() => { document.querySelector('.play-move').click(); const again = document.querySelector('.play-move'); if (again) again.click(); })()");
        browser.wait_for(&format!(
            "document.querySelector('#result') || document.querySelectorAll('#history li').length >= {} + 2",
            before
        ));
    }
    let result = browser.wait_for("document.querySelector('#result').textContent");
    // The turns alternate: you, onag, you, onag, ...
    let log = browser
        .eval("Array.from(document.querySelectorAll('#history li')).map(li => li.textContent)");
    for (turn, entry) in log.as_array().unwrap().iter().enumerate() {
        let who = if turn % 2 == 0 { "you: " } else { "onag: " };
        assert!(entry.as_str().unwrap().starts_with(who), "{log}");
    }
    assert!(
        result.as_str().unwrap().starts_with("onag wins"),
        "{result}"
    );
    // The value of every position played, drawn as the game went: onag always left 0.
    let drawn = browser.eval(
        "Array.from(document.querySelectorAll('#value-history circle')).map(c => Number(c.dataset.value))",
    );
    let drawn: Vec<u64> = drawn
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(drawn.len() >= 2 && drawn[0] == 0, "{drawn:?}");
    for (turn, value) in drawn.iter().enumerate() {
        // The player moves at even turns, from the positions onag left: P-positions.
        if turn % 2 == 0 {
            assert_eq!(*value, 0, "{drawn:?}");
        }
    }
    browser.screenshot("play");

    // Kayles's sequence: the proven period (Guy & Smith: period 12 from 71), the plot with
    // its values, and a zoom.
    browser.open(&format!("{base}/sequence/kayles?to=300"));
    let period = browser.wait_for(
        "document.querySelector('#period') && document.querySelector('#period').textContent",
    );
    assert_eq!(period, "preperiod 71, period 12 (proven)");
    browser.wait_for("document.querySelectorAll('.svgbox svg circle').length > 250");
    let plotted = browser.eval(
        "Array.from(document.querySelectorAll('.svgbox svg circle')).map(c => [Number(c.dataset.n), Number(c.dataset.g)])",
    );
    for point in plotted.as_array().unwrap() {
        let n = point[0].as_u64().unwrap() as usize;
        assert_eq!(point[1].as_u64().unwrap(), kayles[n], "heap {n}");
    }
    assert!(
        browser
            .eval("document.querySelectorAll('.svgbox svg circle.rare').length")
            .as_u64()
            .unwrap()
            > 0
    );
    browser.screenshot("sequence");
    browser.eval(
        "document.querySelector('#from-input').value = '60'; document.querySelector('#upto-input').value = '100'; \
         document.querySelector('#from-input').form.requestSubmit(); true",
    );
    browser.wait_for("document.querySelector('.svgbox svg title') && document.querySelector('.svgbox svg title').textContent.includes('n = 60..100')");
    browser.screenshot("sequence-zoomed");

    // A graph pasted in: a -> b -> c -> a with c -> d, and e looping on itself. By hand: d has
    // no move (P); c can move to d (N); b's one move is to c (P); a's is to b (N); from e the
    // token only goes round (a draw).
    browser.open(&format!("{base}/graph"));
    browser.wait_for("document.querySelector('#graph-form')");
    browser.eval(
        "document.querySelector('#graph-text').value = 'digraph { a -> b; b -> c; c -> a; c -> d; e -> e }'; \
         document.querySelector('#graph-form').requestSubmit(); true",
    );
    browser.wait_for("document.querySelectorAll('#vertex-values tbody tr').length === 5 && document.querySelector('.svgbox svg')");
    let outcomes = browser.eval(
        "Array.from(document.querySelectorAll('#vertex-values tbody tr')).map(tr => tr.children[0].textContent + ' ' + tr.children[2].textContent).join(', ')",
    );
    assert_eq!(outcomes, "a N, b P, c N, d P, e D (draw)");
    browser.screenshot("graph");

    // The nimber calculator: 8 * 8 = 13 in the nimber field (Conway, ch. 6).
    browser.open(&format!("{base}/nimber?expression=8+*+8"));
    browser.wait_text("#nimber-value", "13");
    // The calculator says what ^ is: a nim power, not xor (2 ^ 2 = 3).
    let help = browser.eval("document.querySelector('#nimber-help').textContent");
    assert!(help.as_str().unwrap().contains("not xor"), "{help}");

    // On a phone's width (400 px), every view fits: nothing wider than the screen, and each is
    // saved as a screenshot.
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 400, "height": 860, "deviceScaleFactor": 1, "mobile": true}),
    );
    let views = [
        (
            "narrow-catalogue",
            "/",
            "document.querySelectorAll('#catalogue tbody tr').length",
        ),
        (
            "narrow-position",
            "/game/kayles?position=10+12",
            "document.querySelectorAll('#moves li').length",
        ),
        (
            "narrow-play",
            "/play/kayles?position=3+3&first=me",
            "document.querySelector('#play-moves')",
        ),
        (
            "narrow-sequence",
            "/sequence/kayles?to=300",
            "document.querySelector('#values')",
        ),
        (
            "narrow-quotient",
            "/quotient/kayles?to=300",
            "document.querySelector('#phi-heading')",
        ),
        (
            "narrow-nimber",
            "/nimber?expression=sqrt(13)+%2B+inv(7)",
            "document.querySelector('#nimber-value')",
        ),
        (
            "narrow-graph",
            "/graph",
            "document.querySelector('#graph-form')",
        ),
        (
            "narrow-not-found",
            "/no/such/view",
            "document.querySelector('#not-found')",
        ),
    ];
    for (name, path, ready) in views {
        browser.open(&format!("{base}{path}"));
        browser.wait_for(ready);
        let overflow = browser.eval("document.documentElement.scrollWidth - window.innerWidth");
        assert!(
            overflow.as_f64().unwrap() <= 0.0,
            "{name}: the page is {overflow} px wider than the screen"
        );
        browser.screenshot(name);
        if name == "narrow-position" {
            // Every colour of the list is explained beside it.
            let legend = browser.eval("document.querySelector('#moves-legend').textContent");
            let legend = legend.as_str().unwrap();
            for words in ["P-position", "N-position", "draw"] {
                assert!(legend.contains(words), "{legend}");
            }
        }
        if name == "narrow-quotient" {
            // The heading says which heaps the table shows; the note how the rest follow.
            let heading = browser.eval("document.querySelector('#phi-heading').textContent");
            let rows = browser.eval("document.querySelectorAll('#result table tr').length");
            let last = heading
                .as_str()
                .unwrap()
                .rsplit(' ')
                .next()
                .unwrap()
                .to_string();
            let shown: u64 = last.parse().expect("the last heap shown");
            assert_eq!(rows.as_u64().unwrap(), shown / 12 + 1, "{heading}");
            let note =
                browser.eval("(document.querySelector('#phi-note') || {}).textContent || ''");
            assert!(
                shown >= 300 || note.as_str().unwrap().contains("up to 300"),
                "{heading}: {note}"
            );
        }
    }
}

/// The partizan explorer in Chromium: Domineering's 2 x 2 square shows the form of Winning
/// Ways ch. 5 (+-1), a click on two cells places a domino (on Cram's board too), and a 3 x 3 game played by clicks
/// against onag ends with the side the form says: 3 x 3 is +-1 (Winning Ways ch. 5), so the
/// player to move, Left here, wins by a first move to a position >= 0 if it finds one; the
/// test plays the moves the page marks winning for Left and must win.
#[test]
fn the_partizan_explorer_places_dominoes_by_clicks() {
    let Some(program) = chromium_or_skip() else {
        return;
    };
    let server = crate::serve::start(&[]);
    let base = format!("http://{}", server.address);
    let mut browser = Browser::launch(&program);

    // The catalogue says which games are partizan.
    browser.open(&format!("{base}/"));
    browser.wait_for("document.querySelector('#catalogue tr[data-game=domineering] td.kind')");
    let kind = browser
        .eval("document.querySelector('#catalogue tr[data-game=domineering] td.kind').textContent");
    assert_eq!(kind, "partizan");

    // The 2 x 2 square: +-1, and its thermograph drawn.
    browser.open(&format!("{base}/game/domineering?position=2x2"));
    browser.wait_text("#form", "+-1");
    browser.wait_for("document.querySelector('#result svg')");
    assert_eq!(
        browser.eval("document.querySelector('#temperature').textContent"),
        "1"
    );
    browser.screenshot("partizan-position");
    // A click for Left on a1, which one vertical domino covers, places it; the page goes to
    // what it leaves.
    browser.eval("document.querySelector('#boards td[data-row=\"0\"][data-column=\"0\"]').click()");
    browser.wait_for("decodeURIComponent(location.search).includes('#./#.')");
    // What is left is worth 1 to Left (one vertical domino more).
    browser.wait_text("#form", "1");

    // On 3 x 3, the centre is covered by two of Left's dominoes: a click there names both,
    // and a second click, below it, picks one.
    browser.open(&format!("{base}/game/domineering?position=3x3"));
    browser.wait_text("#form", "+-1");
    browser.eval("document.querySelector('#boards td[data-row=\"1\"][data-column=\"1\"]').click()");
    browser.wait_for("document.querySelector('#board-status').textContent.startsWith('2 moves')");
    browser.eval("document.querySelector('#boards td[data-row=\"2\"][data-column=\"1\"]').click()");
    browser.wait_for("decodeURIComponent(location.search).includes('.../.#./.#.')");

    // Cram's board is clicked the same way (either player places a domino either way): the
    // corner's two dominoes, then its right neighbour picks the horizontal one.
    browser.open(&format!("{base}/game/cram?position=2x3"));
    browser.wait_for("document.querySelector('#boards td')");
    browser.eval("document.querySelector('#boards td[data-row=\"0\"][data-column=\"0\"]').click()");
    browser.wait_for("document.querySelector('#board-status').textContent.startsWith('2 moves')");
    browser.eval("document.querySelector('#boards td[data-row=\"0\"][data-column=\"1\"]').click()");
    browser.wait_for("decodeURIComponent(location.search).includes('##./...')");

    // A 3 x 3 game as Left, by clicks, each time on a move the page marks as winning for Left.
    browser.open(&format!("{base}/play/domineering?position=3x3&side=left"));
    let mut moves = 0;
    loop {
        let state = browser.wait_for(
            "document.querySelector('#result') ? 'over' : (document.querySelector('#board-status') && document.querySelector('#play-moves') ? 'move' : null)",
        );
        if state == "over" {
            break;
        }
        moves += 1;
        assert!(moves <= 5, "a 3 x 3 board holds at most four dominoes");
        // The cells of Left's first winning move, from the server's own list of moves.
        let cells = browser.eval(
            "(() => { const turn = partizan_state.turns[partizan_state.turns.length - 1]; \
             const move = turn.list.find((m) => m.winning) || turn.list[0]; \
             return [...changedCells('domineering', turn.value.position[0], move.position[0])]; })()",
        );
        for cell in cells.as_array().unwrap() {
            let (r, c) = cell.as_str().unwrap().split_once(',').unwrap();
            browser.eval(&format!(
                "(() => {{ const td = document.querySelector('#play td[data-row=\"{r}\"][data-column=\"{c}\"]'); if (td) td.click(); return true; }})()"
            ));
        }
        browser.wait_for(&format!(
            "document.querySelectorAll('#history li').length >= {}",
            2 * moves - 1
        ));
        if moves == 1 {
            browser.screenshot("partizan-play");
        }
    }
    let result = browser.eval("document.querySelector('#result').textContent");
    assert!(result.as_str().unwrap().starts_with("You win"), "{result}");
    browser.screenshot("partizan-play-over");

    // Hackenbush drawn as a picture: Winning Ways' tree l(l;rl), a blue trunk with a blue
    // branch and a red-then-blue branch. Left may not cut the red edge (3); a click on the
    // blue branch (edge 2) cuts it and leaves the stalk lrl, worth 3/4 by Berlekamp's sign
    // expansion.
    browser.open(&format!("{base}/game/hackenbush?position=l(l;rl)"));
    browser.wait_for("document.querySelector('#picture path.edge[data-edge=\"4\"]')");
    browser.screenshot("hackenbush-picture");
    browser.eval(
        "document.querySelector('#picture path.edge[data-edge=\"3\"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))",
    );
    browser.wait_for("document.querySelector('#board-status').textContent.includes('not yours')");
    browser.eval(
        "document.querySelector('#picture path.edge[data-edge=\"2\"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))",
    );
    browser.wait_for("new URLSearchParams(location.search).get('position') === 'lrl'");
    browser.wait_text("#form", "3/4");

    // The game graph of 2 x 2, linked from its page: six positions, each with its form.
    browser.open(&format!("{base}/game/domineering?position=2x2"));
    browser.wait_for("document.querySelector('#graph-link')");
    browser.eval("document.querySelector('#graph-link').click()");
    browser.wait_for("document.querySelectorAll('#graph-nodes tbody tr').length === 6");
    assert_eq!(
        browser.eval("document.querySelector('#graph-nodes tbody tr td:nth-child(2)').textContent"),
        serde_json::json!("+-1")
    );
    assert_eq!(
        browser.eval("document.querySelector('#graph-nodes thead th:nth-child(2)').textContent"),
        serde_json::json!("form")
    );
}

#[test]
fn the_play_page_draws_heaps_as_counters_in_their_places() {
    let Some(program) = chromium_or_skip() else {
        return;
    };
    let server = crate::serve::start(&[]);
    let base = format!("http://{}", server.address);
    let mut browser = Browser::launch(&program);
    let click = |browser: &mut Browser, heap: usize, counter: usize| {
        browser.eval(&format!(
            "document.querySelector('#heaps button.counter[data-heap=\"{heap}\"][data-counter=\"{counter}\"]').click()"
        ));
    };

    // Nim 5 3, heaps in that order: a click on heap 1's third counter takes it and the two
    // after it, leaving 2 where the 5 stood (the server would write 2 3). By Bouton's rule
    // (2 xor 3 = 1) onag then takes one counter from the 3, leaving 2 2.
    browser.open(&format!("{base}/play/nim?position=5%203"));
    browser.wait_for("document.querySelectorAll('#heaps button.counter').length === 8");
    browser.screenshot("heaps-counters");
    click(&mut browser, 1, 3);
    browser.wait_for("game_state.turns.length >= 2 && game_state.turns[1].position === '2 3'");
    browser.wait_for("game_state.turns.length >= 3 && !game_state.waiting");
    assert_eq!(
        browser.eval("game_state.turns[2].position"),
        serde_json::json!("2 2")
    );
    // The log names the heaps as the page numbers them: heap 1 was the 5.
    let log = browser.eval("document.querySelector('#history').textContent");
    assert!(log.as_str().unwrap().contains("heap 1: 5 -> 2"), "{log}");

    // Kayles 2 7: pins 4 and 5 of the 7 knocked down leave 3 and 2 in its place (2 3 2);
    // the first click alone names three moves (pin 4, pins 3-4, pins 4-5), offered by name.
    browser.open(&format!("{base}/play/kayles?position=2%207"));
    browser.wait_for("document.querySelectorAll('#heaps button.counter').length === 9");
    click(&mut browser, 2, 4);
    browser.wait_for("document.querySelector('#board-status').textContent.startsWith('3 moves')");
    click(&mut browser, 2, 5);
    browser.wait_for("game_state.turns.length >= 2 && game_state.turns[1].position === '2 3 2'");

    // Chomp's board: a click on row 2, column 3 of 2 x 3 bites that square alone, leaving
    // rows of 3 and 2, which the page shows next.
    browser.open(&format!("{base}/game/chomp?position=2x3"));
    browser.wait_for("document.querySelector('#boards td[data-row=\"1\"][data-column=\"2\"]')");
    browser.screenshot("chomp-board");
    browser.eval("document.querySelector('#boards td[data-row=\"1\"][data-column=\"2\"]').click()");
    browser.wait_for("new URLSearchParams(location.search).get('position') === '3,2'");
    browser.wait_for("document.querySelectorAll('#boards td').length === 5");
}
