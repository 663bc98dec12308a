//! `onag games`: the catalogue listed, and the guide's table of games equal to it.

use crate::common::{json, onag};

#[test]
fn games_lists_every_game_of_the_grammar() {
    let listing = json(&["games", "--json"]);
    let games = listing["games"].as_array().unwrap();
    for name in [
        "nim",
        "bash:M",
        "subset-nim:S",
        "split-nim",
        "octal:CODE",
        "tb:CODE",
        "subtraction:S",
        "allbut:S",
        "kayles",
        "dawson-kayles",
        "dawson-chess",
        "grundy",
        "lasker",
    ] {
        assert!(games.iter().any(|game| game["syntax"] == name), "{name}");
    }
    for name in ["wythoff", "staircase", "moore:K"] {
        assert!(games.iter().any(|game| game["syntax"] == name), "{name}");
    }
}

/// The guide's table of games is the catalogue's, as `onag games --markdown` prints it.
#[test]
fn the_readme_lists_the_catalogue() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/GUIDE.md"))
        .expect("the guide");
    let start = readme
        .find("<!-- games: onag games --markdown -->\n")
        .expect("the games table's start marker");
    let end = readme.find("<!-- end games -->").expect("its end marker");
    let table = &readme[start + "<!-- games: onag games --markdown -->\n".len()..end];
    let output = onag(&["games", "--markdown"]);
    assert!(output.status.success());
    assert_eq!(table, String::from_utf8(output.stdout).unwrap());
}
