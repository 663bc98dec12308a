//! Partizan rulesets against CGSuite's published forms (aaron-siegel/cgsuite,
//! GameGridTest.scala), closed forms, and brute forces of their rules written here apart from
//! the rulesets, valued as plain trees by the definition of `<=` (the test kit's `Naive`).

use std::collections::HashMap;
use std::rc::Rc;

use onag_core::partizan::{Form, canonical_form};
use onag_games::partizan::{Clobber, Domineering};
use onag_testkit::partizan::{Naive, Random, Tree, game, tree_of};

#[test]
fn domineering_and_clobber_as_cgsuite_values_them() {
    let four = canonical_form(&Domineering, &Domineering::parse("4x4").unwrap()).unwrap();
    assert_eq!(
        four,
        "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
            .parse::<Form>()
            .unwrap()
    );
    assert_eq!(four.to_string(), "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
    let clobber = canonical_form(&Clobber, &Clobber::parse("xox/ox.").unwrap()).unwrap();
    assert_eq!(clobber.to_string(), "{^^*|*,v}");
}

#[test]
fn domineering_strips_and_squares_by_closed_forms() {
    // A column is Left's: n cells hold floor(n/2) vertical dominoes, each a free move, so the
    // value is floor(n/2); a row is Right's, -floor(n/2); the 2 x 2 square is +-1.
    for n in 1..=9usize {
        let column = canonical_form(
            &Domineering,
            &Domineering::parse(&format!("{n}x1")).unwrap(),
        )
        .unwrap();
        assert_eq!(column, Form::integer((n / 2) as i64), "{n}x1");
        let row = canonical_form(
            &Domineering,
            &Domineering::parse(&format!("1x{n}")).unwrap(),
        )
        .unwrap();
        assert_eq!(row, Form::integer(-((n / 2) as i64)), "1x{n}");
    }
    let square = canonical_form(&Domineering, &Domineering::parse("2x2").unwrap()).unwrap();
    assert_eq!(square.to_string(), "+-1");
}

/// A board as rows of bytes, b'.' free.
type Board = Vec<Vec<u8>>;

/// Domineering by its rule, on boards as rows of bytes: trees of every position.
fn domineering_tree(board: &Board, memo: &mut HashMap<Board, Rc<Tree>>) -> Rc<Tree> {
    if let Some(t) = memo.get(board) {
        return t.clone();
    }
    let (rows, columns) = (board.len(), board[0].len());
    let mut left = Vec::new();
    let mut right = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            if board[r][c] != b'.' {
                continue;
            }
            if r + 1 < rows && board[r + 1][c] == b'.' {
                let mut next = board.clone();
                next[r][c] = b'#';
                next[r + 1][c] = b'#';
                left.push(domineering_tree(&next, memo));
            }
            if c + 1 < columns && board[r][c + 1] == b'.' {
                let mut next = board.clone();
                next[r][c] = b'#';
                next[r][c + 1] = b'#';
                right.push(domineering_tree(&next, memo));
            }
        }
    }
    let t = game(left, right);
    memo.insert(board.clone(), t.clone());
    t
}

/// Clobber by its rule: a stone onto an orthogonal neighbour of the other colour.
fn clobber_tree(board: &Board, memo: &mut HashMap<Board, Rc<Tree>>) -> Rc<Tree> {
    if let Some(t) = memo.get(board) {
        return t.clone();
    }
    let (rows, columns) = (board.len() as i32, board[0].len() as i32);
    let mut options = [Vec::new(), Vec::new()];
    for r in 0..rows {
        for c in 0..columns {
            let me = board[r as usize][c as usize];
            let side = match me {
                b'x' => 0,
                b'o' => 1,
                _ => continue,
            };
            let them = if side == 0 { b'o' } else { b'x' };
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < 0
                    || c2 < 0
                    || r2 >= rows
                    || c2 >= columns
                    || board[r2 as usize][c2 as usize] != them
                {
                    continue;
                }
                let mut next = board.clone();
                next[r as usize][c as usize] = b'.';
                next[r2 as usize][c2 as usize] = me;
                options[side].push(clobber_tree(&next, memo));
            }
        }
    }
    let [left, right] = options;
    let t = game(left, right);
    memo.insert(board.clone(), t.clone());
    t
}

fn random_board(random: &mut Random, rows: usize, columns: usize, cells: &[u8]) -> Board {
    (0..rows)
        .map(|_| {
            (0..columns)
                .map(|_| cells[random.below(cells.len())])
                .collect()
        })
        .collect()
}

fn text(board: &Board) -> String {
    board
        .iter()
        .map(|row| String::from_utf8(row.clone()).unwrap())
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn domineering_agrees_with_its_rule_on_random_boards() {
    let mut random = Random(41);
    let mut naive = Naive::default();
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let (rows, columns) = (1 + random.below(3), 1 + random.below(4));
        let board = random_board(&mut random, rows, columns, b"...#");
        let form =
            canonical_form(&Domineering, &Domineering::parse(&text(&board)).unwrap()).unwrap();
        let brute = domineering_tree(&board, &mut memo);
        assert!(naive.eq(&tree_of(form), &brute), "{}: {form}", text(&board));
        // The transpose exchanges the players: its value is the negative.
        let transposed: Board = (0..columns)
            .map(|c| (0..rows).map(|r| board[r][c]).collect())
            .collect();
        let other = canonical_form(
            &Domineering,
            &Domineering::parse(&text(&transposed)).unwrap(),
        )
        .unwrap();
        assert_eq!(other, form.neg().unwrap(), "{}", text(&board));
    }
}

#[test]
fn clobber_agrees_with_its_rule_on_random_boards() {
    let mut random = Random(43);
    let mut naive = Naive::default();
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let (rows, columns) = (1 + random.below(3), 1 + random.below(3));
        let board = random_board(&mut random, rows, columns, b"xo.");
        let form = canonical_form(&Clobber, &Clobber::parse(&text(&board)).unwrap()).unwrap();
        let brute = clobber_tree(&board, &mut memo);
        assert!(naive.eq(&tree_of(form), &brute), "{}: {form}", text(&board));
    }
}

#[test]
fn bad_boards_are_refused() {
    for bad in ["", "3x", "0x3", "12x12", "../.", "..a", "9x15"] {
        assert!(Domineering::parse(bad).is_err(), "{bad}");
    }
    for bad in ["", "xo/x", "xoz", "3x3"] {
        assert!(Clobber::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_outcome_search_of_domineering_agrees_with_the_definition() {
    use onag_core::partizan::OutcomeSearch;
    use onag_testkit::partizan::outcome;
    let mut random = Random(47);
    let mut memo = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..80 {
        let (rows, columns) = (1 + random.below(4), 1 + random.below(5));
        let board = random_board(&mut random, rows, columns, b"...#");
        let brute = domineering_tree(&board, &mut memo);
        let mut search = OutcomeSearch::new(&Domineering, 1 << 20);
        let found = search
            .outcome(&Domineering::parse(&text(&board)).unwrap())
            .unwrap();
        assert_eq!(found, outcome(&brute), "{}", text(&board));
        seen.insert(found);
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

/// The questions of a search asked side by side on threads: whoever moves first in single
/// boards and in sums of two, each answer against the definition on the brute force's tree
/// (the sum's tree built by the definition of `G + H`).
#[test]
fn questions_asked_on_threads_agree_with_the_definition() {
    use onag_core::partizan::{OutcomeSearch, PartizanOutcome};
    use onag_testkit::partizan::outcome;
    let mut random = Random(71);
    let mut memo = HashMap::new();
    let mut naive = Naive::default();
    let boards: Vec<Board> = (0..40)
        .map(|_| {
            let (rows, columns) = (1 + random.below(3), 1 + random.below(4));
            random_board(&mut random, rows, columns, b"...#")
        })
        .collect();
    let mut questions = Vec::new();
    let mut expected = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        let other = &boards[(i + 1) % boards.len()];
        let tree = domineering_tree(board, &mut memo);
        let other_tree = domineering_tree(other, &mut memo);
        let sum = naive.sum(&tree, &other_tree);
        let parts = [
            vec![Domineering::parse(&text(board)).unwrap()],
            vec![
                Domineering::parse(&text(board)).unwrap(),
                Domineering::parse(&text(other)).unwrap(),
            ],
        ];
        for (parts, tree) in parts.into_iter().zip([tree, sum]) {
            let class = outcome(&tree);
            for left in [true, false] {
                let wins = match class {
                    PartizanOutcome::Next => true,
                    PartizanOutcome::Previous => false,
                    PartizanOutcome::Left => left,
                    PartizanOutcome::Right => !left,
                };
                questions.push((parts.clone(), left));
                expected.push(wins);
            }
        }
    }
    for threads in [1, 2, 4] {
        let mut search = OutcomeSearch::new(&Domineering, 1 << 20).with_threads(threads);
        assert_eq!(search.wins_each(&questions).unwrap(), expected, "{threads}");
    }
}

/// A search on threads past its bounds answers the bound it passed, whichever thread met it.
#[test]
fn a_search_on_threads_past_its_bounds_names_the_bound() {
    use onag_core::partizan::{OutcomeSearch, PartizanGame};
    use onag_core::{Error, Resource};
    let board = Domineering::parse("4x4").unwrap();
    let mut questions: Vec<_> = Domineering
        .left_moves(&board)
        .map(|after| (vec![after], false))
        .collect();
    questions.extend(
        Domineering
            .right_moves(&board)
            .map(|after| (vec![after], true)),
    );
    assert!(questions.len() > 4);
    let mut search = OutcomeSearch::new(&Domineering, 50).with_threads(2);
    match search.wins_each(&questions) {
        Err(Error::LimitExceeded {
            resource: Resource::Positions,
            limit: 50,
        }) => {}
        other => panic!("{other:?}"),
    }
    let mut search = OutcomeSearch::new(&Domineering, 1 << 20)
        .with_threads(2)
        .with_max_memory(10_000);
    match search.wins_each(&questions) {
        Err(Error::LimitExceeded {
            resource: Resource::Memory,
            limit: 10_000,
        }) => {}
        other => panic!("{other:?}"),
    }
}
