//! The sample inputs of judge problems, solved through the library and compared with the
//! samples' published outputs (tests/oracles/competitive_programming_samples.json).

use onag_core::{Outcome, Solver};
use onag_games::{Bash, HeapGame, Heaps, Nim, SplitNim, SubsetNim};
use onag_testkit::oracles::{judge_samples, numbers};

fn first_player_wins<G: onag_games::HeapRuleset>(game: G, heaps: Vec<u64>) -> bool {
    Solver::new(HeapGame(game))
        .outcome(&Heaps::from(heaps))
        .unwrap()
        == Outcome::Next
}

#[test]
fn leetcode_1908_game_of_nim() {
    for (input, output) in judge_samples("LeetCode 1908") {
        let piles = numbers(&input);
        assert_eq!(first_player_wins(Nim, piles).to_string(), output, "{input}");
    }
}

#[test]
fn leetcode_292_nim_game() {
    for (input, output) in judge_samples("LeetCode 292") {
        let n = numbers(&input);
        let game = Bash::new(3).unwrap();
        assert_eq!(first_player_wins(game, n).to_string(), output, "{input}");
    }
}

fn yes_no(win: bool) -> &'static str {
    if win { "Yes\n" } else { "No\n" }
}

#[test]
fn acwing_891_nim() {
    for (input, output) in judge_samples("AcWing 891") {
        let numbers = numbers(&input);
        let heaps = numbers[1..=numbers[0] as usize].to_vec();
        assert_eq!(yes_no(first_player_wins(Nim, heaps)), output);
    }
}

#[test]
fn acwing_893_set_nim() {
    for (input, output) in judge_samples("AcWing 893") {
        let numbers = numbers(&input);
        let k = numbers[0] as usize;
        let takes = numbers[1..=k].to_vec();
        let n = numbers[k + 1] as usize;
        let heaps = numbers[k + 2..k + 2 + n].to_vec();
        let game = SubsetNim::new(takes).unwrap();
        assert_eq!(yes_no(first_player_wins(game, heaps)), output);
    }
}

#[test]
fn acwing_894_split_nim() {
    for (input, output) in judge_samples("AcWing 894") {
        let numbers = numbers(&input);
        let heaps = numbers[1..=numbers[0] as usize].to_vec();
        assert_eq!(yes_no(first_player_wins(SplitNim, heaps)), output);
    }
}

#[test]
fn poj_2234_matches_game() {
    for (input, output) in judge_samples("POJ 2234") {
        let mut answer = String::new();
        for line in input.lines() {
            let numbers = numbers(line);
            let heaps = numbers[1..].to_vec();
            answer += yes_no(first_player_wins(Nim, heaps));
        }
        assert_eq!(answer, output);
    }
}

#[test]
fn hdu_1846_brave_game() {
    for (input, output) in judge_samples("HDU 1846") {
        let numbers = numbers(&input);
        let mut answer = String::new();
        for case in numbers[1..].chunks(2) {
            let game = Bash::new(case[1]).unwrap();
            let win = first_player_wins(game, vec![case[0]]);
            answer += if win { "first\n" } else { "second\n" };
        }
        assert_eq!(answer, output);
    }
}

#[test]
fn hdu_1536_s_nim() {
    for (input, output) in judge_samples("HDU 1536") {
        let mut numbers = numbers(&input).into_iter();
        let mut answer = String::new();
        while let Some(k) = numbers.next().filter(|&k| k > 0) {
            let takes: Vec<u64> = numbers.by_ref().take(k as usize).collect();
            let mut solver = Solver::new(HeapGame(SubsetNim::new(takes).unwrap()));
            let m = numbers.next().unwrap();
            for _ in 0..m {
                let l = numbers.next().unwrap() as usize;
                let heaps: Vec<u64> = numbers.by_ref().take(l).collect();
                let win = solver.outcome(&Heaps::from(heaps)).unwrap() == Outcome::Next;
                answer.push(if win { 'W' } else { 'L' });
            }
            answer.push('\n');
        }
        assert_eq!(answer, output);
    }
}

#[test]
fn hdu_1848_fibonacci_again_and_again() {
    // Moves take a Fibonacci number 1, 2, 3, 5, 8, ... (F(1) = 1, F(2) = 2); heaps up to 1000.
    let mut fibonacci = vec![1u64, 2];
    while fibonacci[fibonacci.len() - 1] < 1000 {
        let next = fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2];
        fibonacci.push(next);
    }
    let mut solver = Solver::new(HeapGame(SubsetNim::new(fibonacci).unwrap()));
    for (input, output) in judge_samples("HDU 1848") {
        let mut answer = String::new();
        for line in input.lines() {
            let heaps = numbers(line);
            if heaps.iter().all(|&heap| heap == 0) {
                break;
            }
            let win = solver.outcome(&Heaps::from(heaps)).unwrap() == Outcome::Next;
            answer += if win { "Fibo\n" } else { "Nacci\n" };
        }
        assert_eq!(answer, output);
    }
}
