//! Partizan games as plain trees, compared by the definition: the brute force the Conway
//! algebra of `onag-core` is checked against. Nothing here simplifies a game; recursion is
//! fine, as the trees are small.

use std::collections::HashMap;
use std::rc::Rc;

/// A game as the tree of its options.
#[derive(Debug, Default)]
pub struct Tree {
    /// Left's options.
    pub left: Vec<Rc<Tree>>,
    /// Right's options.
    pub right: Vec<Rc<Tree>>,
}

/// A game with these options.
pub fn game(left: Vec<Rc<Tree>>, right: Vec<Rc<Tree>>) -> Rc<Tree> {
    Rc::new(Tree { left, right })
}

/// The outcome class of `tree` by the definition (Siegel, CGT §I.1): the player to move
/// wins when some move leaves the other player, moving next, a loss.
pub fn outcome(tree: &Rc<Tree>) -> onag_core::partizan::PartizanOutcome {
    use onag_core::partizan::PartizanOutcome;
    fn wins(tree: &Rc<Tree>, left: bool, memo: &mut HashMap<(*const Tree, bool), bool>) -> bool {
        if let Some(&v) = memo.get(&(Rc::as_ptr(tree), left)) {
            return v;
        }
        let options = if left { &tree.left } else { &tree.right };
        let v = options.iter().any(|o| !wins(o, !left, memo));
        memo.insert((Rc::as_ptr(tree), left), v);
        v
    }
    let mut memo = HashMap::new();
    match (wins(tree, true, &mut memo), wins(tree, false, &mut memo)) {
        (true, true) => PartizanOutcome::Next,
        (false, false) => PartizanOutcome::Previous,
        (true, false) => PartizanOutcome::Left,
        (false, true) => PartizanOutcome::Right,
    }
}

type Pair = (*const Tree, *const Tree);

/// Compares games by the definition, remembering answers by the trees' addresses.
#[derive(Default)]
pub struct Naive {
    leq: HashMap<Pair, bool>,
    sums: HashMap<Pair, Rc<Tree>>,
    negatives: HashMap<*const Tree, Rc<Tree>>,
    /// Keeps every tree whose address is a key alive, so no address is reused.
    kept: Vec<Rc<Tree>>,
}

impl Naive {
    /// `G <= H`: no `G^L >= H` and no `H^R <= G` (Conway, ONAG ch. 1).
    pub fn leq(&mut self, g: &Rc<Tree>, h: &Rc<Tree>) -> bool {
        let key = (Rc::as_ptr(g), Rc::as_ptr(h));
        if let Some(&v) = self.leq.get(&key) {
            return v;
        }
        let answer =
            !g.left.iter().any(|gl| self.leq(h, gl)) && !h.right.iter().any(|hr| self.leq(hr, g));
        self.kept.push(g.clone());
        self.kept.push(h.clone());
        self.leq.insert(key, answer);
        answer
    }

    /// `G = H`.
    pub fn eq(&mut self, g: &Rc<Tree>, h: &Rc<Tree>) -> bool {
        self.leq(g, h) && self.leq(h, g)
    }

    /// `G + H` by the definition: a move in one of the two.
    pub fn sum(&mut self, g: &Rc<Tree>, h: &Rc<Tree>) -> Rc<Tree> {
        let key = (Rc::as_ptr(g), Rc::as_ptr(h));
        if let Some(s) = self.sums.get(&key) {
            return s.clone();
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for gl in &g.left {
            left.push(self.sum(gl, h));
        }
        for hl in &h.left {
            left.push(self.sum(g, hl));
        }
        for gr in &g.right {
            right.push(self.sum(gr, h));
        }
        for hr in &h.right {
            right.push(self.sum(g, hr));
        }
        let s = game(left, right);
        self.kept.push(g.clone());
        self.kept.push(h.clone());
        self.sums.insert(key, s.clone());
        s
    }

    /// `-G`: the roles swapped.
    pub fn neg(&mut self, g: &Rc<Tree>) -> Rc<Tree> {
        if let Some(n) = self.negatives.get(&Rc::as_ptr(g)) {
            return n.clone();
        }
        let left = g.right.iter().map(|r| self.neg(r)).collect();
        let right = g.left.iter().map(|l| self.neg(l)).collect();
        let n = game(left, right);
        self.kept.push(g.clone());
        self.negatives.insert(Rc::as_ptr(g), n.clone());
        n
    }

    /// Whether some option of `g` is dominated or reversible (so `g` is not in canonical
    /// form at its top), by the definitions (Siegel, CGT §II.2).
    pub fn simplifiable_at_top(&mut self, g: &Rc<Tree>) -> bool {
        for (i, a) in g.left.iter().enumerate() {
            for (j, b) in g.left.iter().enumerate() {
                if i != j && self.leq(a, b) {
                    return true;
                }
            }
            if a.right.iter().any(|ar| self.leq(ar, g)) {
                return true;
            }
        }
        for (i, a) in g.right.iter().enumerate() {
            for (j, b) in g.right.iter().enumerate() {
                if i != j && self.leq(b, a) {
                    return true;
                }
            }
            if a.left.iter().any(|al| self.leq(g, al)) {
                return true;
            }
        }
        false
    }
}

/// Every form born by day 1 and 2 with any sets of options from the day before: the 4
/// forms of day 1 (`0, 1, -1, *`) and the 256 of day 2.
pub fn forms_by_day_two() -> (Vec<Rc<Tree>>, Vec<Rc<Tree>>) {
    let zero = game(vec![], vec![]);
    let day1 = vec![
        zero.clone(),
        game(vec![zero.clone()], vec![]),
        game(vec![], vec![zero.clone()]),
        game(vec![zero.clone()], vec![zero.clone()]),
    ];
    let subsets = |all: &[Rc<Tree>]| -> Vec<Vec<Rc<Tree>>> {
        (0..1u32 << all.len())
            .map(|mask| {
                (0..all.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| all[i].clone())
                    .collect()
            })
            .collect()
    };
    let mut day2 = Vec::new();
    for l in subsets(&day1) {
        for r in subsets(&day1) {
            day2.push(game(l.clone(), r));
        }
    }
    (day1, day2)
}

/// A small random number generator (xorshift), so that tests need no crate for it.
pub struct Random(pub u64);

impl Random {
    /// The next number.
    pub fn draw(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.draw() % n as u64) as usize
    }

    /// A game whose options are up to `most` picks from `from` on each side.
    pub fn game(&mut self, from: &[Rc<Tree>], most: usize) -> Rc<Tree> {
        let l = self.below(most + 1);
        let r = self.below(most + 1);
        let left = (0..l)
            .map(|_| from[self.below(from.len())].clone())
            .collect();
        let right = (0..r)
            .map(|_| from[self.below(from.len())].clone())
            .collect();
        game(left, right)
    }
}

/// The tree of a canonical form of the algebra, option by option.
pub fn tree_of(form: onag_core::partizan::Form) -> Rc<Tree> {
    let left = form
        .left_options()
        .unwrap()
        .into_iter()
        .map(tree_of)
        .collect();
    let right = form
        .right_options()
        .unwrap()
        .into_iter()
        .map(tree_of)
        .collect();
    game(left, right)
}

/// All games born by the day after `day`: {L | R} over antichains L, R of `day`'s games.
pub fn next_day(day: &[onag_core::partizan::Form]) -> Vec<onag_core::partizan::Form> {
    use onag_core::partizan::Comparison;
    let n = day.len();
    assert!(
        n <= 64,
        "at most 64 games a day (the games born by day 2 are 22)"
    );
    // comparable[i] has bit j when day[i] and day[j] compare.
    let comparable: Vec<u64> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| i != j && day[i].compare(day[j]).unwrap() != Comparison::Confused)
                .fold(0u64, |m, j| m | 1 << j)
        })
        .collect();
    let mut antichains: Vec<Vec<onag_core::partizan::Form>> = Vec::new();
    // Grown one element at a time, each new element after the last and comparable to none.
    let mut stack: Vec<(u64, usize)> = vec![(0, 0)];
    while let Some((set, next)) = stack.pop() {
        antichains.push(
            (0..n)
                .filter(|&i| set >> i & 1 == 1)
                .map(|i| day[i])
                .collect(),
        );
        for k in next..n {
            let clashes = (0..n).any(|i| set >> i & 1 == 1 && comparable[i] >> k & 1 == 1);
            if !clashes {
                stack.push((set | 1 << k, k + 1));
            }
        }
    }
    let mut all: Vec<onag_core::partizan::Form> = Vec::new();
    for l in &antichains {
        for r in &antichains {
            all.push(onag_core::partizan::Form::from_options(l, r).unwrap());
        }
    }
    all.sort();
    all.dedup();
    all
}
