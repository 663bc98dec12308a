//! The oracle tables of the workspace's `tests/oracles/` (published values, each file with
//! its source), and readers for them.

use serde_json::Value;

/// The parsed oracle file `name` from `tests/oracles/`.
pub fn oracle(name: &str) -> Value {
    // The workspace's root is two above this package's directory.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("tests/oracles").join(name);
    let shown = path.display();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{shown}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{shown}: {e}"))
}

/// The array at `pointer` (a JSON pointer) of oracle `name`, as numbers.
pub fn oracle_values(name: &str, pointer: &str) -> Vec<u64> {
    let oracle = oracle(name);
    let array = oracle
        .pointer(pointer)
        .unwrap_or_else(|| panic!("{name} has no {pointer}"));
    whole_numbers(array)
}

/// A JSON array of whole numbers, as numbers.
pub fn whole_numbers(array: &Value) -> Vec<u64> {
    array
        .as_array()
        .unwrap_or_else(|| panic!("{array} is not an array"))
        .iter()
        .map(|value| value.as_u64().expect("a whole number"))
        .collect()
}

/// The sample input and output strings of a judge problem whose name starts with `problem`.
pub fn judge_samples(problem: &str) -> Vec<(String, String)> {
    let table = oracle("competitive_programming_samples.json");
    let entry = table["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .find(|entry| {
            entry["problem"]
                .as_str()
                .is_some_and(|name| name.starts_with(problem))
        })
        .unwrap_or_else(|| panic!("no judge problem {problem}"));
    entry["examples"]
        .as_array()
        .expect("examples")
        .iter()
        .map(|example| {
            (
                example["input"].as_str().expect("input").to_string(),
                example["output"].as_str().expect("output").to_string(),
            )
        })
        .collect()
}

/// The whole numbers in `text`, in order (judge inputs are whitespace- or comma-separated).
pub fn numbers(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().expect("a number"))
        .collect()
}

/// G(n) of Dawson's chess (`key` "dawsons_chess_0.137", values under `field`
/// "G_source_values") or Dawson's Kayles ("dawsons_kayles_0.07", "G_values") for any n: the
/// oracle's listed values (OEIS A002187), and past them its published period (34 from the
/// oracle's preperiod on; A002187's formula).
pub fn dawson_value(key: &str, field: &str, n: u64) -> u64 {
    let oracle = oracle("dawson_0.07_and_0.137.json");
    let values = whole_numbers(&oracle[key][field]);
    let (preperiod, period) = (
        oracle[key]["preperiod"].as_u64().unwrap(),
        oracle[key]["period"].as_u64().unwrap(),
    );
    let n = if n < values.len() as u64 {
        n
    } else {
        preperiod + (n - preperiod) % period
    };
    values[n as usize]
}
