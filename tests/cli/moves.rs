//! `onag moves`: every move valued, against OEIS.

use crate::common::json;

#[test]
fn moves_of_kayles_are_valued_by_oeis_a002186() {
    let kayles = crate::common::oracle_values("kayles_0.77.json", "/oeis_A002186/terms");
    let report = json(&["moves", "kayles", "9", "5", "--json"]);
    assert_eq!(report["grundy"].as_u64(), Some(kayles[9] ^ kayles[5]));
    let moves = report["moves"].as_array().unwrap();
    // From a row of n: take 1 leaving a + b = n - 1, or 2 leaving a + b = n - 2.
    let splits = |n: u64| {
        (1..=2)
            .filter(|&k| k <= n)
            .map(move |k| (n - k) / 2 + 1)
            .sum::<u64>()
    };
    assert_eq!(moves.len() as u64, splits(9) + splits(5));
    for entry in moves {
        let position = crate::common::whole_numbers(&entry["position"]);
        let expected = position
            .iter()
            .fold(0, |sum, &heap| sum ^ kayles[heap as usize]);
        assert_eq!(entry["grundy"].as_u64(), Some(expected), "{entry}");
        assert_eq!(entry["winning"].as_bool(), Some(expected == 0));
    }
}
