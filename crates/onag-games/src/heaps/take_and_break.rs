//! Take-and-break games: octal, hexadecimal and general codes.

use std::fmt;

use crate::{Error, HeapRuleset, Heaps, Result};

/// The most heaps a code digit may let a move leave: digits are bit sets below 2^MAX_PARTS.
const MAX_PARTS: u32 = 16;

/// A take-and-break game given by its code, as Winning Ways and CGSuite write it.
///
/// The code `d0.d1 d2 d3 ...` says what a move may do to one heap: digit `dk` is a set of bits,
/// and bit `j` of `dk` set means a move may take `k` counters from a heap and leave the rest as
/// exactly `j` non-empty heaps. So in an octal code (digits 0 to 7) a digit is the sum of
/// 1 (take the whole heap), 2 (leave one heap) and 4 (leave two heaps); hexadecimal digits add
/// 8 (leave three heaps). `d0`, written before the point and usually omitted as `0`, is for
/// moves that take nothing and only split: `4.` splits a heap in two.
///
/// Two marks of CGSuite's notation are understood: a digit in brackets at the end repeats for
/// ever (`0.[3]` is Nim: take any number), and `!` after a digit requires the heaps that move
/// leaves to be of different sizes (`4!.0` is Grundy's game).
///
/// | game | code |
/// |---|---|
/// | Kayles | `0.77` |
/// | Dawson's Kayles | `0.07` |
/// | Dawson's chess | `0.137` |
/// | Grundy's game | `4!.0` |
/// | Lasker's Nim | `4.[3]` |
/// | Nim | `0.[3]` |
/// | subtraction game S = {1, 3, 4} | `0.3033` |
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{HeapGame, Heaps, TakeAndBreak};
///
/// let kayles = TakeAndBreak::octal("0.77")?;
/// let mut solver = Solver::new(HeapGame(kayles));
/// // OEIS A002186: Kayles G(0..8) = 0 1 2 3 1 4 3 2 1.
/// let values: Vec<u64> = (0..9)
///     .map(|n| solver.grundy(&Heaps::one(n)).map(Nimber::value))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// assert!(TakeAndBreak::octal("0.78").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    /// `digits[k]`: the numbers of heaps a move taking `k` may leave, as a bit set.
    digits: Vec<u32>,
    /// `unequal[k]`: whether the heaps left by a move taking `k` must differ in size.
    unequal: Vec<bool>,
    /// The digit for every `k >= digits.len()`, if the code repeats for ever.
    tail: Option<u32>,
    /// The code as it is shown.
    code: String,
}

/// What a code digit is read as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Radix {
    Octal,
    General,
}

impl Radix {
    fn kind(self) -> &'static str {
        match self {
            Radix::Octal => "octal",
            Radix::General => "take-and-break",
        }
    }
}

impl TakeAndBreak {
    /// An octal game from its code, such as `0.77` (Kayles), `0.137` or `4.07`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidCode`] names the first character that is not an octal digit or a point
    /// where one belongs; [`Error::MalformedCode`] for a code with no point or no move.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Error, TakeAndBreak};
    ///
    /// assert_eq!(TakeAndBreak::octal(".07")?.to_string(), "0.07");
    /// let error = TakeAndBreak::octal("0.79").unwrap_err();
    /// assert!(matches!(error, Error::InvalidCode { index: 4, character: '9', .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn octal(code: &str) -> Result<TakeAndBreak> {
        TakeAndBreak::parse_code(code, Radix::Octal)
    }

    /// A general take-and-break game: hexadecimal digits `0`-`9`, `a`-`f`, a repeating last
    /// digit in brackets (`0.[3]`), and `!` after a digit for unequal heaps (`4!.0`).
    ///
    /// # Errors
    ///
    /// As [`TakeAndBreak::octal`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::TakeAndBreak;
    ///
    /// let grundy = TakeAndBreak::general("4!.0")?;
    /// assert_eq!(grundy.to_string(), "4!.0");
    /// let nim = TakeAndBreak::general("0.[3]")?;
    /// assert_eq!(nim.max_take(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn general(code: &str) -> Result<TakeAndBreak> {
        TakeAndBreak::parse_code(code, Radix::General)
    }

    fn parse_code(code: &str, radix: Radix) -> Result<TakeAndBreak> {
        let kind = radix.kind();
        let malformed = |reason: &'static str| Error::MalformedCode {
            kind,
            code: code.to_string(),
            reason,
        };
        let invalid = |index: usize, character: char, reason: &'static str| Error::InvalidCode {
            kind,
            code: code.to_string(),
            index: index + 1,
            character,
            reason,
        };
        let characters: Vec<char> = code.chars().collect();
        let Some(point) = characters.iter().position(|&c| c == '.') else {
            return Err(malformed("a code needs a point, as in 0.77"));
        };
        let mut digits = Vec::new();
        let mut unequal = Vec::new();
        let mut tail = None;
        let digit_value = |index: usize, character: char| -> Result<u32> {
            let limit = match radix {
                Radix::Octal => 8,
                Radix::General => 16,
            };
            match character.to_digit(limit) {
                Some(value) => Ok(value),
                None => Err(invalid(
                    index,
                    character,
                    match radix {
                        Radix::Octal => "is not an octal digit 0-7",
                        Radix::General => "is not a digit 0-9 or a-f",
                    },
                )),
            }
        };
        // Before the point: d0, empty meaning 0.
        let mut index = 0;
        let mut d0 = 0;
        let mut d0_unequal = false;
        while index < point {
            let character = characters[index];
            if character == '!' && radix == Radix::General && index > 0 {
                d0_unequal = true;
            } else if index > 0 {
                return Err(invalid(index, character, "is not allowed before the point"));
            } else {
                d0 = digit_value(index, character)?;
            }
            index += 1;
        }
        if d0 & 0b11 != 0 {
            return Err(invalid(
                0,
                characters[0],
                "is not allowed before the point: taking nothing must split the heap (use 0 or 4)",
            ));
        }
        digits.push(d0);
        unequal.push(d0_unequal);
        index = point + 1;
        while index < characters.len() {
            let character = characters[index];
            match character {
                '!' if radix == Radix::General && digits.len() > 1 => {
                    if let Some(last) = unequal.last_mut() {
                        *last = true;
                    }
                }
                '[' if radix == Radix::General => {
                    let close = index + 2;
                    if characters.get(close) != Some(&']') || close + 1 != characters.len() {
                        return Err(invalid(
                            index,
                            character,
                            "must enclose one last digit, as in 0.[3]",
                        ));
                    }
                    let digit = digit_value(index + 1, characters[index + 1])?;
                    if digit >> 3 != 0 {
                        return Err(invalid(
                            index + 1,
                            characters[index + 1],
                            "is too large for a repeating digit: it may leave at most 2 heaps",
                        ));
                    }
                    tail = Some(digit);
                    index = close;
                }
                _ => {
                    digits.push(digit_value(index, character)?);
                    unequal.push(false);
                }
            }
            index += 1;
        }
        // Trailing zero digits allow nothing; drop them so that `max_take` is exact.
        while digits.len() > 1 && digits[digits.len() - 1] == 0 && !unequal[digits.len() - 1] {
            digits.pop();
            unequal.pop();
        }
        if digits.iter().all(|&digit| digit == 0) && tail.is_none_or(|digit| digit == 0) {
            return Err(malformed("the code allows no move at all"));
        }
        Ok(TakeAndBreak::from_parts(digits, unequal, tail))
    }

    fn from_parts(digits: Vec<u32>, unequal: Vec<bool>, tail: Option<u32>) -> TakeAndBreak {
        let mut game = TakeAndBreak {
            digits,
            unequal,
            tail,
            code: String::new(),
        };
        game.code = game.render();
        game
    }

    fn render(&self) -> String {
        let digit = |value: u32| char::from_digit(value, 16).unwrap_or('?');
        let mut code = String::new();
        code.push(digit(self.digits[0]));
        if self.unequal[0] {
            code.push('!');
        }
        code.push('.');
        for (value, unequal) in self.digits.iter().zip(&self.unequal).skip(1) {
            code.push(digit(*value));
            if *unequal {
                code.push('!');
            }
        }
        if self.digits.len() == 1 && self.tail.is_none() {
            // A code that only splits still shows one digit after the point, as in 4.0.
            code.push('0');
        }
        if let Some(tail) = self.tail {
            code.push('[');
            code.push(digit(tail));
            code.push(']');
        }
        code
    }

    /// The subtraction game with set `takes`: a move takes exactly k from a heap, k in the set.
    ///
    /// # Errors
    ///
    /// [`Error::EmptySet`] or [`Error::ZeroInSet`], as for [`SubsetNim`](crate::SubsetNim).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::TakeAndBreak;
    ///
    /// assert_eq!(TakeAndBreak::subtraction([1, 3, 4])?.to_string(), "0.3033");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn subtraction(takes: impl IntoIterator<Item = u64>) -> Result<TakeAndBreak> {
        let takes = crate::SubsetNim::new(takes)?;
        let largest = *takes.takes().last().unwrap_or(&0);
        let length = usize::try_from(largest)
            .ok()
            .filter(|&length| length < 1 << 26)
            .ok_or(Error::InvalidParameter {
                game: "subtraction",
                value: largest.to_string(),
                reason: "subtraction sets are limited to numbers below 67108864".to_string(),
            })?;
        let mut digits = vec![0; length + 1];
        for &take in takes.takes() {
            digits[take as usize] = 0b011;
        }
        let unequal = vec![false; digits.len()];
        Ok(TakeAndBreak::from_parts(digits, unequal, None))
    }

    /// The all-but subtraction game: a move takes any positive number k from a heap except the
    /// numbers in `excluded`. An empty set gives Nim.
    ///
    /// # Errors
    ///
    /// [`Error::ZeroInSet`] when the set contains 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::TakeAndBreak;
    ///
    /// assert_eq!(TakeAndBreak::all_but([2])?.to_string(), "0.30[3]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_but(excluded: impl IntoIterator<Item = u64>) -> Result<TakeAndBreak> {
        let mut excluded: Vec<u64> = excluded.into_iter().collect();
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(Error::ZeroInSet);
        }
        let largest = excluded.last().copied().unwrap_or(0);
        if largest >= 1 << 26 {
            return Err(Error::InvalidParameter {
                game: "allbut",
                value: largest.to_string(),
                reason: "excluded sets are limited to numbers below 67108864".to_string(),
            });
        }
        let mut digits = vec![0b011; largest as usize + 1];
        digits[0] = 0;
        for &take in &excluded {
            digits[take as usize] = 0;
        }
        let unequal = vec![false; digits.len()];
        Ok(TakeAndBreak::from_parts(digits, unequal, Some(0b011)))
    }

    /// Kayles, octal game 0.77 (Dudeney 1908): knock down one pin or two adjacent pins.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::TakeAndBreak::kayles().to_string(), "0.77");
    /// ```
    pub fn kayles() -> TakeAndBreak {
        TakeAndBreak::from_parts(vec![0, 7, 7], vec![false; 3], None)
    }

    /// Dawson's Kayles, octal game 0.07: knock down exactly two adjacent pins.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::TakeAndBreak::dawsons_kayles().to_string(), "0.07");
    /// ```
    pub fn dawsons_kayles() -> TakeAndBreak {
        TakeAndBreak::from_parts(vec![0, 0, 7], vec![false; 3], None)
    }

    /// Dawson's chess, octal game 0.137 (Dawson 1935, as a heap game in Winning Ways).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::TakeAndBreak::dawsons_chess().to_string(), "0.137");
    /// ```
    pub fn dawsons_chess() -> TakeAndBreak {
        TakeAndBreak::from_parts(vec![0, 1, 3, 7], vec![false; 4], None)
    }

    /// Grundy's game, `4!.0`: split a heap into two non-empty heaps of different sizes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::TakeAndBreak::grundys_game().to_string(), "4!.0");
    /// ```
    pub fn grundys_game() -> TakeAndBreak {
        TakeAndBreak::from_parts(vec![0b100], vec![true], None)
    }

    /// The code digit for taking `k`: the numbers of heaps the move may leave, as a bit set.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles = onag_games::TakeAndBreak::kayles();
    /// assert_eq!(kayles.digit(1), 7);
    /// assert_eq!(kayles.digit(3), 0);
    /// ```
    pub fn digit(&self, k: u64) -> u32 {
        match usize::try_from(k).ok().and_then(|k| self.digits.get(k)) {
            Some(&digit) => digit,
            None => self.tail.unwrap_or(0),
        }
    }

    /// Whether the heaps a move taking `k` leaves must be of different sizes (`!`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(onag_games::TakeAndBreak::grundys_game().unequal(0));
    /// ```
    pub fn unequal(&self, k: u64) -> bool {
        usize::try_from(k)
            .ok()
            .and_then(|k| self.unequal.get(k))
            .copied()
            .unwrap_or(false)
    }

    /// The largest number a move may take, or `None` when the code repeats for ever.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::TakeAndBreak::kayles().max_take(), Some(2));
    /// ```
    pub fn max_take(&self) -> Option<u64> {
        match self.tail {
            Some(tail) if tail != 0 => None,
            _ => Some(self.digits.len() as u64 - 1),
        }
    }

    /// Whether a heap of `n` may become the non-empty heaps `parts` in one move: the take
    /// `k = n - sum(parts)` must be allowed to leave that many heaps, and, where the code asks
    /// for unequal heaps, the parts must differ. A check by the rule, at once for any `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles = onag_games::TakeAndBreak::kayles();
    /// assert!(kayles.is_heap_move(10, &[3, 6]));
    /// assert!(!kayles.is_heap_move(10, &[3, 3]));
    /// let grundy = onag_games::TakeAndBreak::grundys_game();
    /// assert!(grundy.is_heap_move(10, &[3, 7]) && !grundy.is_heap_move(10, &[5, 5]));
    /// ```
    pub fn is_heap_move(&self, n: u64, parts: &[u64]) -> bool {
        if parts.contains(&0) || parts.len() >= MAX_PARTS as usize {
            return false;
        }
        let Some(left) = parts
            .iter()
            .try_fold(0u64, |sum, &part| sum.checked_add(part))
        else {
            return false;
        };
        let Some(k) = n.checked_sub(left) else {
            return false;
        };
        if self.max_take().is_some_and(|max| k > max) || self.digit(k) >> parts.len() & 1 == 0 {
            return false;
        }
        let mut sorted = parts.to_vec();
        sorted.sort_unstable();
        !(parts.len() >= 2 && self.unequal(k) && sorted.windows(2).any(|pair| pair[0] == pair[1]))
    }

    /// The explicit digits `d0, d1, ...`, without the repeating one.
    pub(crate) fn explicit_digits(&self) -> &[u32] {
        &self.digits
    }

    /// The repeating digit, if any.
    pub(crate) fn tail(&self) -> Option<u32> {
        self.tail.filter(|&tail| tail != 0)
    }

    /// The most heaps any move may leave.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::TakeAndBreak::kayles().max_parts(), 2);
    /// ```
    pub fn max_parts(&self) -> u32 {
        self.digits
            .iter()
            .chain(self.tail.iter())
            .map(|&digit| u32::BITS - digit.leading_zeros())
            .max()
            .unwrap_or(1)
            .saturating_sub(1)
    }

    /// Whether any move requires unequal heaps.
    pub(crate) fn has_unequal(&self) -> bool {
        self.unequal.iter().any(|&unequal| unequal)
    }
}

impl fmt::Display for TakeAndBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code)
    }
}

/// Every way to write `total` as `parts` positive numbers in non-decreasing order, each at
/// least `smallest`, and pairwise different when `distinct`.
pub(crate) fn partitions(
    total: u64,
    parts: u32,
    smallest: u64,
    distinct: bool,
    out: &mut Vec<Vec<u64>>,
) {
    // An explicit stack of partial partitions: (prefix, remaining total).
    let mut stack = vec![(Vec::new(), total, smallest)];
    while let Some((prefix, remaining, low)) = stack.pop() {
        let left = parts as usize - prefix.len();
        if left == 1 {
            if remaining >= low {
                let mut done = prefix;
                done.push(remaining);
                out.push(done);
            }
            continue;
        }
        // The next part p satisfies p * left <= remaining (parts are non-decreasing).
        let mut part = low;
        while part.saturating_mul(left as u64) <= remaining {
            let mut next = prefix.clone();
            next.push(part);
            let next_low = if distinct { part + 1 } else { part };
            stack.push((next, remaining - part, next_low));
            part += 1;
        }
    }
}

impl TakeAndBreak {
    /// The options of a heap of `n` that take `k` and leave at most two heaps, the smaller of
    /// two at most `window`.
    fn take_moves(&self, n: u64, k: u64, window: u64) -> impl Iterator<Item = Heaps> + use<> {
        let digit = self.digit(k);
        let rest = n - k;
        let distinct = self.unequal(k);
        let whole = (digit & 1 != 0 && rest == 0).then(Heaps::new);
        let one = (digit & 2 != 0 && rest >= 1).then(|| Heaps::one(rest));
        let two = (digit & 4 != 0 && rest >= 2)
            .then(move || {
                (1..=(rest / 2).min(window))
                    .filter(move |&small| !(distinct && 2 * small == rest))
                    .map(move |small| Heaps::from([small, rest - small]))
            })
            .into_iter()
            .flatten();
        whole.into_iter().chain(one).chain(two)
    }

    /// The options of a heap of `n` that stand for all of them where the heaps' values (Grundy
    /// values, or misère classes) repeat with some period from some preperiod on, `window`
    /// being at least their sum: every move leaving no heap or one, and the splits whose
    /// smaller part is at most `window`; with whether that is every option. A split with a
    /// larger smaller part `a` has both parts past the preperiod, and `a - m·period` for the
    /// right m is a split of the window whose parts have the same values, so the window holds
    /// every value (or class) that any option has. `None` when takes are unbounded or a move
    /// may leave more than two heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles = onag_games::TakeAndBreak::kayles();
    /// let (moves, complete) = kayles.window_moves(100, 3).unwrap();
    /// // Take 1: 99, 1+98, 2+97, 3+96; take 2: 98, 1+97, 2+96, 3+95.
    /// assert_eq!(moves.count(), 8);
    /// assert!(!complete);
    /// ```
    pub fn window_moves(
        &self,
        n: u64,
        window: u64,
    ) -> Option<(impl Iterator<Item = Heaps> + '_, bool)> {
        let last = self.max_take()?.min(n);
        if self.max_parts() > 2 {
            return None;
        }
        let complete = (0..=last).all(|k| self.digit(k) & 4 == 0 || (n - k) / 2 <= window);
        let moves = (0..=last).flat_map(move |k| self.take_moves(n, k, window));
        Some((moves, complete))
    }
}

impl HeapRuleset for TakeAndBreak {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        let last_take = match self.max_take() {
            Some(max) => max.min(n),
            None => n,
        };
        (0..=last_take).flat_map(move |k| {
            let digit = self.digit(k);
            let rest = n - k;
            let distinct = self.unequal(k);
            let more = (3..MAX_PARTS)
                .filter(move |&parts| digit >> parts & 1 != 0 && rest >= u64::from(parts))
                .flat_map(move |parts| {
                    let mut found = Vec::new();
                    partitions(rest, parts, 1, distinct, &mut found);
                    found.into_iter().map(Heaps::from)
                });
            self.take_moves(n, k, u64::MAX).chain(more)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_are_complete() {
        let mut found = Vec::new();
        partitions(7, 3, 1, false, &mut found);
        found.sort();
        assert_eq!(
            found,
            vec![vec![1, 1, 5], vec![1, 2, 4], vec![1, 3, 3], vec![2, 2, 3]]
        );
        found.clear();
        partitions(7, 3, 1, true, &mut found);
        assert_eq!(found, vec![vec![1, 2, 4]]);
    }

    #[test]
    fn codes_round_trip() {
        for code in ["0.77", "0.07", "0.137", "4.07", "0.3033"] {
            assert_eq!(TakeAndBreak::octal(code).unwrap().to_string(), code);
        }
        for code in ["4!.0", "0.[3]", "4.[3]", "0.f", "0.1!7"] {
            assert_eq!(TakeAndBreak::general(code).unwrap().to_string(), code);
        }
    }
}
