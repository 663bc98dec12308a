//! The impartial special case of the Conway algebra: an impartial position seen as a partizan
//! game (both players having its moves) has the canonical form `*G`, G its Grundy value from
//! the published tables, and never a second copy of that value.

use onag_core::partizan::{Form, Impartial, canonical_form};
use onag_games::{HeapGame, Heaps, TakeAndBreak, Wythoff};
use onag_testkit::oracles::oracle_values;

#[test]
fn kayles_positions_are_the_nimbers_of_the_published_table() {
    let table = oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let kayles = Impartial(HeapGame(TakeAndBreak::kayles()));
    for n in 0..=24u64 {
        let form = canonical_form(&kayles, &Heaps::from(vec![n])).unwrap();
        assert_eq!(form, Form::nimber(table[n as usize]), "Kayles {n}");
    }
    // Sums of heaps: the nim-sum (the components hook makes them sums of forms).
    for (a, b) in [(3, 5), (7, 7), (10, 4), (12, 1)] {
        let form = canonical_form(&kayles, &Heaps::from(vec![a, b])).unwrap();
        assert_eq!(
            form.as_nimber(),
            Some(table[a as usize] ^ table[b as usize]),
            "Kayles {a} {b}"
        );
    }
}

#[test]
fn wythoff_p_positions_are_the_zero_forms() {
    for a in 0..10u64 {
        for b in 0..10u64 {
            let form = canonical_form(&Impartial(Wythoff), &(a, b)).unwrap();
            assert!(form.as_nimber().is_some(), "Wythoff {a},{b} is {form}");
            // Wythoff's P-positions: (floor(k phi), floor(k phi^2)) and their mirror images.
            let p = Wythoff::is_p_position(a, b).unwrap();
            assert_eq!(form == Form::zero(), p, "Wythoff {a},{b}");
        }
    }
}
