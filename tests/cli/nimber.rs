//! `onag nimber`: expressions in the nimber field against independent values.

use crate::common::{fails, json, onag};

/// `onag nimber` against Ferguson's worked examples (tests/oracles/nim_multiplication.json) and
/// the Fermat 2-power rule, and its errors.
#[test]
fn nimber_expressions() {
    let examples = crate::common::oracle("nim_multiplication.json");
    let value = |expression: &str| {
        let output = onag(&["nimber", expression]);
        assert!(output.status.success(), "{expression}: {output:?}");
        String::from_utf8(output.stdout).unwrap().trim().to_string()
    };
    for example in examples["worked_examples_ferguson"].as_array().unwrap() {
        let expression = example["expr"]
            .as_str()
            .unwrap()
            .replace("(x)", "*")
            .replace("xor", "+")
            .replace(" (nim inverse)", "")
            .replace(" via mex", "");
        let expected = example["value"].as_u64().unwrap().to_string();
        assert_eq!(value(&expression), expected, "{expression}");
    }
    // 2^64 is a Fermat 2-power: its square is 3/2 of it.
    let report = json(&[
        "nimber",
        "0x10000000000000000 * 0x10000000000000000",
        "--json",
    ]);
    assert_eq!(report["value"], (3u128 << 63).to_string());
    assert_eq!(report["field_bits"], 128);
    // Nimbers written with a star, as the theory writes them: *3 + *5 = *6 (3 xor 5).
    assert_eq!(value("*3 + *5"), "6");
    fails(&["nimber", "4**2"], "** is not an operator");
    fails(&["nimber", "1 / 0"], "division by zero");
    fails(&["nimber", "inv(0)"], "no inverse");
    fails(&["nimber", "3 +"], "expected a number");
    fails(
        &["nimber", &format!("0x1{}", "0".repeat(1100))],
        "below 2^4096",
    );
}
