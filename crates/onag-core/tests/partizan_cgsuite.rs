//! The Conway algebra against CGSuite's own test expectations (aaron-siegel/cgsuite,
//! lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala and GameTest.scala:
//! published values, each line an expression and what CGSuite prints for it) and the
//! textbooks' worked examples.

use onag_core::partizan::{Dyadic, Form, Value, evaluate};

fn form(text: &str) -> Form {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn shows(expression: &str, expected: &str) {
    let value = evaluate(expression).unwrap_or_else(|e| panic!("{expression}: {e}"));
    assert_eq!(value.to_string(), expected, "{expression}");
}

#[test]
fn canonical_forms_print_as_cgsuite_prints_them() {
    for (input, output) in [
        ("0", "0"),
        ("5", "5"),
        ("-1823437481924", "-1823437481924"),
        ("-1/2", "-1/2"),
        ("25/16", "25/16"),
        ("*8", "*8"),
        ("^", "^"),
        ("v*", "v*"),
        ("6+^*", "6^*"),
        ("^*6", "^*6"),
        ("73/16+v9*8", "73/16v9*8"),
        ("{0|*||*|||*||||*}", "{^|*||*|||*}"),
        ("{0||0|v*}", "{0||0|v*}"),
        // CGSuite's GameGridTest.scala: Domineering 4 x 4, Clobber xox|ox., Amazons x...|o...
        // and Kings xox|ox., as CGSuite prints their canonical forms.
        (
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
        ),
        ("{^^*|*,v}", "{^^*|*,v}"),
        ("{0,v*|vv}", "{0,v*|vv}"),
        ("{*|-1}", "{*|-1}"),
        // CGSuite lists options in the order its table made them; onag by birthday (then
        // numbers, number-up-stars and others), a function of the value alone. Here the two
        // differ: CGSuite's Amazons x...|o... has {0,{1/2|0}|v} before +-1.
        (
            "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}",
            "+-{3,{4|0,{1|0,*}},{4|+-1,{0,{1/2|0}|v},+-{1,{2|0}}}}",
        ),
        ("{1||+-(1*)|-1,{-1|-3}}", "{1||+-(1*)|-1,{-1|-3}}"),
    ] {
        shows(input, output);
    }
}

#[test]
fn properties_of_cgsuite_test_cases() {
    // (form, birthday, left options, right options, left stop, right stop, mean, temperature)
    for (x, birthday, left, right, ls, rs, mean, temperature) in [
        ("0", "0", "{}", "{}", "0", "0", "0", "-1"),
        ("5", "5", "{4}", "{}", "5", "5", "5", "-1"),
        (
            "-1823437481924",
            "1823437481924",
            "{}",
            "{-1823437481923}",
            "-1823437481924",
            "-1823437481924",
            "-1823437481924",
            "-1",
        ),
        ("-1/2", "2", "{-1}", "{0}", "-1/2", "-1/2", "-1/2", "-1/2"),
        (
            "25/16", "6", "{3/2}", "{13/8}", "25/16", "25/16", "25/16", "-1/16",
        ),
        (
            "*8",
            "8",
            "{0,*,*2,*3,*4,*5,*6,*7}",
            "{0,*,*2,*3,*4,*5,*6,*7}",
            "0",
            "0",
            "0",
            "0",
        ),
        ("^", "2", "{0}", "{*}", "0", "0", "0", "0"),
        ("v*", "2", "{0}", "{0,*}", "0", "0", "0", "0"),
        ("6+^*", "8", "{6,6*}", "{6}", "6", "6", "6", "0"),
        ("^*6", "8", "{0}", "{*7}", "0", "0", "0", "0"),
        (
            "73/16+v9*8",
            "27",
            "{73/16v8*9}",
            "{73/16}",
            "73/16",
            "73/16",
            "73/16",
            "0",
        ),
        (
            "{0|*||*|||*||||*}",
            "5",
            "{{^|*||*}}",
            "{*}",
            "0",
            "0",
            "0",
            "0",
        ),
        ("{0||0|v*}", "4", "{0}", "{{0|v*}}", "0", "0", "0", "0"),
    ] {
        shows(&format!("birthday({x})"), birthday);
        let g = form(x);
        let list = |forms: Vec<Form>| {
            let mut texts: Vec<String> = forms.iter().map(|f| f.to_string()).collect();
            texts.sort_by_key(|t| (t.len(), t.clone()));
            format!("{{{}}}", texts.join(","))
        };
        let sorted = |text: &str| {
            let inner = &text[1..text.len() - 1];
            // split at top-level commas
            let mut parts = Vec::new();
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(inner[start..i].to_string());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if !inner.is_empty() {
                parts.push(inner[start..].to_string());
            }
            parts.sort_by_key(|t| (t.len(), t.clone()));
            format!("{{{}}}", parts.join(","))
        };
        assert_eq!(
            list(g.left_options().unwrap()),
            sorted(left),
            "{x} left options"
        );
        assert_eq!(
            list(g.right_options().unwrap()),
            sorted(right),
            "{x} right options"
        );
        shows(&format!("leftstop({x})"), ls);
        shows(&format!("rightstop({x})"), rs);
        shows(&format!("mean({x})"), mean);
        shows(&format!("temperature({x})"), temperature);
    }
}

#[test]
fn cooling_heating_and_norton_products_as_cgsuite_has_them() {
    for (expression, expected) in [
        ("cool({3||2+*|1+*}, 0)", "{3||2*|1*}"),
        ("cool({3||2+*|1+*}, 1/4)", "{11/4||2|3/2}"),
        ("cool({3||2+*|1+*}, 1/2)", "{5/2|2*}"),
        ("cool({3||2+*|1+*}, 5/8)", "{19/8|17/8}"),
        ("cool({3||2+*|1+*}, 3/4)", "9/4*"),
        ("cool({3||2+*|1+*}, 70)", "9/4"),
        ("cool({3||2+*|1+*}, -1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("cool(1/4, -1/8)", "1/4"),
        ("cool(1/4, -1/4)", "1/4*"),
        ("cool(1/4, -3/8)", "{3/8|1/8}"),
        ("heat({3||2+*|1+*}, 0)", "{3||2*|1*}"),
        ("heat({3||2+*|1+*}, 1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("heat({3||2+*|1+*}, 1)", "{4|||3|1||0|-2}"),
        ("heat({3||2+*|1+*}, -3/4)", "9/4*"),
        ("heat({3||2+*|1+*}, -1)", "9/4"),
        ("heat({3||2+*|1+*}, -2)", "3/2"),
        ("heat({3||2+*|1+*}, -3)", "1"),
        ("heat({3||2+*|1+*}, -4)", "0"),
        ("heat({3||2+*|1+*}, *)", "{3*||2|1}"),
        ("norton(0, ^)", "0"),
        ("norton(6, ^)", "^6"),
        ("norton(-4, ^)", "v4"),
        ("norton(1/2, ^)", "{^^*|v*}"),
        ("norton(^, ^)", "{^^*||0|v4}"),
        ("norton(Tiny(2), ^)", "{^^*||0|v6}"),
        ("overheat({3||2+*|1+*}, *, 1+*)", "{1||+-(1*)|-1,{-1|-3}}"),
        ("product(*4, *4)", "*6"),
        ("product(*19, *23)", "*86"),
        ("product(15, ^^*2)", "^30*2"),
        ("product({3|1}, ^^)", "{^6|^^}"),
        ("product(^^, ^^)", "{0||0,*|0,{0,*|0,*2}}"),
    ] {
        shows(expression, expected);
    }
    assert!(evaluate("cool({3||2+*|1+*}, -1)").is_err());
    let _ = Dyadic::zero();
    let _ = Value::Bool(true);
}
