//! `onag form`: expressions of partizan games against independent values (CGSuite's own test
//! expectations, the closed forms of switches and of ups and stars, Winning Ways), and its
//! errors.

use crate::common::{fails, json, onag};

fn text(arguments: &[&str]) -> String {
    let output = onag(arguments);
    assert!(output.status.success(), "{arguments:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn forms_and_their_properties() {
    // A switch {x | y} (x > y numbers) has mean (x + y)/2 and temperature (x - y)/2; two
    // equal switches +-a cancel (Siegel, CGT §II.5; Winning Ways ch. 6).
    let switch = json(&["form", "{5|1}", "--json"]);
    assert_eq!(switch["form"], "{5|1}");
    assert_eq!(
        (switch["mean"].as_str(), switch["temperature"].as_str()),
        (Some("3"), Some("2"))
    );
    assert_eq!(
        (switch["left_stop"].as_str(), switch["right_stop"].as_str()),
        (Some("5"), Some("1"))
    );
    assert_eq!(switch["outcome"], "L");
    assert_eq!(switch["is_number"], false);
    assert_eq!(switch["left_options"], serde_json::json!(["5"]));
    assert_eq!(json(&["form", "{2|0} + {1|-1}", "--json"])["form"], "1");
    assert_eq!(json(&["form", "+-3 + +-3", "--json"])["form"], "0");
    // ^ + ^ + * = ^^*; ^* is confused with 0, ^ is positive, v negative, * fuzzy, 0 a P-position.
    assert!(text(&["form", "^ + ^ + *"]).starts_with("form:        ^^*\n"));
    for (g, outcome) in [
        ("^", "L"),
        ("v", "R"),
        ("*", "N"),
        ("0", "P"),
        ("^*", "N"),
        ("^*2", "L"),
    ] {
        assert_eq!(
            json(&["form", &format!("outcome({g})"), "--json"])["value"],
            outcome,
            "{g}"
        );
    }
    assert_eq!(json(&["form", "^ || *", "--json"])["value"], true);
    assert_eq!(json(&["form", "^ > *", "--json"])["value"], false);
    assert_eq!(json(&["form", "1/2 + 1/2 == 1", "--json"])["value"], true);
    // CGSuite's expectations: {3||2+*|1+*} cooled by 3/4 is 9/4*, by 5/8 still hot, so its
    // temperature is 3/4 and its mean 9/4; 73/16+v9*8 prints as 73/16v9*8, born on day 27.
    assert_eq!(text(&["form", "temperature({3||2+*|1+*})"]).trim(), "3/4");
    assert_eq!(text(&["form", "mean({3||2+*|1+*})"]).trim(), "9/4");
    assert_eq!(
        text(&["form", "cool({3||2+*|1+*}, 5/8)"])
            .lines()
            .next()
            .unwrap(),
        "form:        {19/8|17/8}"
    );
    let nus = json(&["form", "73/16+v9*8", "--json"]);
    assert_eq!(
        (nus["form"].as_str(), nus["birthday"].as_str()),
        (Some("73/16v9*8"), Some("27"))
    );
    assert_eq!(text(&["form", "birthday({0||0|v*})"]).trim(), "4");
    assert_eq!(text(&["form", "incentives({5|1})"]).trim(), "{{4|0}}");
    // An expression that starts with a minus sign follows `--`; a sign before a number is
    // the number's, as printed (-1v* is -1 + v*).
    assert_eq!(json(&["form", "--json", "--", "-1v* + 1"])["form"], "v*");
    assert_eq!(json(&["form", "--json", "--", "-(1^)"])["form"], "-1v");
}

#[test]
fn thermographs_as_text_json_and_svg() {
    // {5|1}: walls 5 - t and 1 + t from t = -1, meeting at temperature 2 over the mean 3.
    let report = json(&["form", "thermograph({5|1})", "--json"]);
    assert_eq!(report["temperature"], "2");
    assert_eq!(
        report["left_wall"][0],
        serde_json::json!({"t": "-1", "value": "6"})
    );
    assert_eq!(
        report["left_wall"][1],
        serde_json::json!({"t": "2", "value": "3"})
    );
    assert_eq!(
        report["right_wall"][1],
        serde_json::json!({"t": "2", "value": "3"})
    );
    let svg = text(&["form", "thermograph({3||2+*|1+*})", "--format", "svg"]);
    let document = roxmltree::Document::parse(&svg).unwrap();
    let find = |class: &str| {
        document
            .descendants()
            .find(|n| n.attribute("class") == Some(class))
            .unwrap_or_else(|| panic!("no {class}"))
    };
    assert_eq!(
        find("temperature").attribute("data-temperature"),
        Some("3/4")
    );
    assert_eq!(find("mast").attribute("data-mean"), Some("9/4"));
    assert!(find("left-wall").attribute("points").is_some());
}

#[test]
fn form_errors_are_one_line_and_status_two() {
    fails(&["form", "{1|"], "column");
    fails(&["form", "{1|2|3}"], "one run of 1 bars");
    fails(&["form", "1/3"], "not dyadic");
    fails(&["form", "frobnicate(1)"], "expected a function");
    fails(&["form", "atomic_weight(1)"], "all-small");
    fails(&["form", "cool(*, -1)"], "above -1");
    fails(&["form", "norton(1, v)"], "positive");
    fails(
        &["form", "*100000000 <= {1|0}", "--max-memory", "10M"],
        "--max-memory",
    );
    fails(&["form", "{1|0}", "--format", "svg"], "draws a thermograph");
    fails(&["form", "^9223372036854775807 + ^"], "2^63 - 1");
    fails(
        &["form", "v4611686018427387904 + v4611686018427387904"],
        "2^63 - 1",
    );
    fails(
        &["form", &format!("{}0{}", "{".repeat(300), "|}".repeat(300))],
        "nesting",
    );
}
