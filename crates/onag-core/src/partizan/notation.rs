//! CGSuite's notation for canonical forms: reading expressions and printing forms.
//!
//! Printed as CGSuite 2 prints them: integers and `3/4`; `*`, `*3`; `^`, `^^`, `^3`, `v`,
//! `vv`, `v3`, number, ups and star run together (`6^*`, `73/16v9*8`); `+-1` for `{1|-1}`
//! and `+-(1*)`; `Tiny(2)` for `{0||0|-2}` and `Miny(2)`, a number before them when
//! translated; and otherwise braces with as many bars as nesting needs: `{3||2|1}` is
//! `{3|{2|1}}`, and an option that is alone on its side is written without braces.

use std::collections::HashMap;
use std::fmt;

use num_bigint::BigInt;

use super::dyadic::Dyadic;
use super::table::{Id, Kind, Table};
use super::{Comparison, Form, PartizanOutcome, Thermograph};
use crate::error::{Error, Result};

/// Why an expression was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormError {
    /// The text does not read: where (a column, from 1) and what was expected there.
    #[error("column {column}: expected {expected}, found {found}")]
    Syntax {
        /// The column, counted in characters from 1.
        column: usize,
        /// What would have been read there.
        expected: String,
        /// What was there.
        found: String,
    },
    /// The expression's value is not a game where a game was needed.
    #[error("the expression is {what}, not a game")]
    NotAGame {
        /// What it is.
        what: String,
    },
    /// An operation refused its arguments or outgrew a budget.
    #[error("{0}")]
    Algebra(#[from] Error),
}

/// What an expression evaluates to.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Value {
    /// A game, as its canonical form.
    Form(Form),
    /// A comparison's answer.
    Bool(bool),
    /// A number that is a measure of a game (a stop, a mean, a temperature).
    Number(Dyadic),
    /// An integer (a birthday).
    Integer(BigInt),
    /// An outcome class.
    Outcome(PartizanOutcome),
    /// A thermograph, with the game it is of.
    Thermograph(Form, Box<Thermograph>),
    /// A list of games (incentives).
    Forms(Vec<Form>),
}

impl Value {
    /// `"a game"`, `"true or false"`, ...: what kind of value this is, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Form(_) => "a game",
            Value::Bool(_) => "true or false",
            Value::Number(_) => "a number",
            Value::Integer(_) => "an integer",
            Value::Outcome(_) => "an outcome class",
            Value::Thermograph(..) => "a thermograph",
            Value::Forms(_) => "a list of games",
        }
    }
}

/// A parsed and evaluated expression: its value, and the text it came from.
#[derive(Debug, Clone)]
pub struct Expression {
    /// The text.
    pub text: String,
    /// Its value.
    pub value: Value,
}

/// Evaluates `text`: canonical forms in CGSuite's notation combined with `+`, `-`, `+-`,
/// comparisons (`<=`, `<`, `>=`, `>`, `==`, `||` for confused) and the functions of the
/// algebra (see GUIDE.md).
pub fn evaluate(text: &str) -> std::result::Result<Value, FormError> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        at: 0,
        depth: 0,
    };
    let value = parser.expression()?;
    parser.skip_space();
    if parser.at < parser.chars.len() {
        return Err(parser.error("an operator or the end"));
    }
    Ok(value)
}

/// How deep braces, parentheses and function calls may nest in an expression.
const MOST_NESTING: usize = 200;

struct Parser {
    chars: Vec<char>,
    at: usize,
    depth: usize,
}

type Parsed<T> = std::result::Result<T, FormError>;

fn game(value: Value, column: usize) -> Parsed<Form> {
    match value {
        Value::Form(f) => Ok(f),
        Value::Number(x) => Ok(Form::number(x)),
        Value::Integer(n) => Ok(Form::number(Dyadic::integer(n))),
        other => Err(FormError::Syntax {
            column,
            expected: "a game".to_string(),
            found: other.kind().to_string(),
        }),
    }
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.at + k).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end".to_string(),
            Some(c) => format!("{c:?}"),
        }
    }

    fn error(&self, expected: &str) -> FormError {
        FormError::Syntax {
            column: self.at + 1,
            expected: expected.to_string(),
            found: self.found(),
        }
    }

    fn eat(&mut self, text: &str) -> bool {
        self.skip_space();
        let n = text.chars().count();
        if self.chars.len() >= self.at + n
            && self.chars[self.at..self.at + n]
                .iter()
                .copied()
                .eq(text.chars())
        {
            self.at += n;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, text: &str) -> Parsed<()> {
        if self.eat(text) {
            Ok(())
        } else {
            Err(self.error(&format!("{text:?}")))
        }
    }

    fn nest(&mut self) -> Parsed<()> {
        self.depth += 1;
        if self.depth > MOST_NESTING {
            return Err(FormError::Syntax {
                column: self.at + 1,
                expected: format!("at most {MOST_NESTING} levels of nesting"),
                found: "more".to_string(),
            });
        }
        Ok(())
    }

    /// comparison := sum [op sum]
    fn expression(&mut self) -> Parsed<Value> {
        let column = self.at + 1;
        let left = self.sum()?;
        self.skip_space();
        let ops = ["<=", ">=", "==", "||", "<", ">"];
        for op in ops {
            if self.eat(op) {
                let right_column = self.at + 1;
                let right = self.sum()?;
                let (g, h) = (game(left, column)?, game(right, right_column)?);
                let c = g.compare(h)?;
                let answer = match op {
                    "<=" => matches!(c, Comparison::Less | Comparison::Equal),
                    ">=" => matches!(c, Comparison::Greater | Comparison::Equal),
                    "==" => c == Comparison::Equal,
                    "||" => c == Comparison::Confused,
                    "<" => c == Comparison::Less,
                    _ => c == Comparison::Greater,
                };
                return Ok(Value::Bool(answer));
            }
        }
        Ok(left)
    }

    /// sum := unary (('+' | '-' | '+-') unary)*
    fn sum(&mut self) -> Parsed<Value> {
        let column = self.at + 1;
        let mut value = self.unary()?;
        loop {
            self.skip_space();
            let op_column = self.at + 1;
            if self.eat("+-") || self.eat("±") {
                let g = game(value, column)?;
                let h = self.switch_operand()?;
                value = Value::Form(g.add(h)?);
            } else if self.peek() == Some('+') {
                self.at += 1;
                let g = game(value, column)?;
                let right_column = self.at + 1;
                let h = game(self.unary()?, right_column)?;
                value = Value::Form(g.add(h)?);
            } else if self.peek() == Some('-') {
                self.at += 1;
                let g = game(value, column)?;
                let right_column = self.at + 1;
                let h = game(self.unary()?, right_column)?;
                value = Value::Form(g.sub(h)?);
            } else {
                let _ = op_column;
                return Ok(value);
            }
        }
    }

    /// The game `{A | -A}` for `+-A`, and `{A,B | -A,-B}` for `+-{A,B}` (braces with no bar
    /// at their top level hold a list of Left's options, as CGSuite prints them).
    fn switch_operand(&mut self) -> Parsed<Form> {
        self.skip_space();
        let column = self.at + 1;
        let options = if self.peek() == Some('{') && !self.has_top_bar() {
            self.at += 1;
            self.nest()?;
            let mut list = Vec::new();
            loop {
                let c = self.at + 1;
                list.push(game(self.sum()?, c)?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("}")?;
            self.depth -= 1;
            list
        } else {
            vec![game(self.unary()?, column)?]
        };
        let negatives = options
            .iter()
            .map(|a| a.neg())
            .collect::<Result<Vec<_>>>()?;
        Ok(Form::from_options(&options, &negatives)?)
    }

    /// Whether the braces that open here have a bar at their own level.
    fn has_top_bar(&self) -> bool {
        let mut depth = 0usize;
        for &c in &self.chars[self.at..] {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return false;
                    }
                }
                '|' if depth == 1 => return true,
                _ => {}
            }
        }
        false
    }

    /// unary := '-' unary | '+-' unary | atom
    fn unary(&mut self) -> Parsed<Value> {
        self.skip_space();
        // Counted, not recursed: "- - - 1".
        let mut negations = 0usize;
        loop {
            self.skip_space();
            if self.peek() == Some('+') && self.peek_at(1) == Some('-') || self.peek() == Some('±')
            {
                break;
            }
            if self.peek() == Some('-') {
                self.at += 1;
                negations += 1;
            } else {
                break;
            }
        }
        self.skip_space();
        let column = self.at + 1;
        let value = if self.eat("+-") || self.eat("±") {
            Value::Form(self.switch_operand()?)
        } else if negations % 2 == 1 && self.peek().is_some_and(|c| c.is_ascii_digit()) {
            // A sign before a number belongs to the number alone, as printed: -1v* is
            // (-1) + v*, not -(1v*).
            return self.atom_signed(true);
        } else {
            self.atom()?
        };
        if negations % 2 == 1 {
            let g = game(value, column)?;
            return Ok(Value::Form(g.neg()?));
        }
        Ok(value)
    }

    fn digits(&mut self) -> Option<String> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        (self.at > start).then(|| self.chars[start..self.at].iter().collect())
    }

    /// A number `12`, `3/4` or `0.25`, if one starts here.
    fn number(&mut self) -> Parsed<Option<Dyadic>> {
        let start = self.at;
        let Some(mut text) = self.digits() else {
            return Ok(None);
        };
        if self.peek() == Some('/') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
            text.push('/');
            text.push_str(&self.digits().unwrap_or_default());
        } else if self.peek() == Some('.') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
            text.push('.');
            text.push_str(&self.digits().unwrap_or_default());
        }
        text.parse::<Dyadic>()
            .map(Some)
            .map_err(|e| FormError::Syntax {
                column: start + 1,
                expected: "a dyadic number (its denominator a power of 2)".to_string(),
                found: e.0,
            })
    }

    /// Ups, downs and a star after a number, or alone: `^`, `^^`, `^3`, `v`, `vv`, `v3`,
    /// `*`, `*3`.
    fn up_star(&mut self) -> Parsed<Option<(i64, u64)>> {
        let mut ups: Option<i64> = None;
        let count = |p: &mut Parser, symbol: char| -> Parsed<i64> {
            let mut n = 1i64;
            while p.peek() == Some(symbol) {
                p.at += 1;
                n += 1;
            }
            if n == 1 && p.peek().is_some_and(|c| c.is_ascii_digit()) {
                let column = p.at + 1;
                let digits = p.digits().unwrap_or_default();
                n = digits.parse().map_err(|_| FormError::Syntax {
                    column,
                    expected: "a count of ups that fits 63 bits".to_string(),
                    found: digits,
                })?;
            }
            Ok(n)
        };
        if self.peek() == Some('^') {
            self.at += 1;
            if matches!(self.peek(), Some('[') | Some('<')) {
                return Err(self.error("ups (^, ^^, ^3): ^[n] and ^<n> are not read yet"));
            }
            ups = Some(count(self, '^')?);
        } else if self.peek() == Some('v')
            && !self
                .peek_at(1)
                .is_some_and(|c| c.is_ascii_alphabetic() && c != 'v')
        {
            self.at += 1;
            if matches!(self.peek(), Some('[') | Some('<')) {
                return Err(self.error("downs (v, vv, v3): v[n] and v<n> are not read yet"));
            }
            ups = Some(-count(self, 'v')?);
        }
        let mut nim = None;
        if self.peek() == Some('*') {
            self.at += 1;
            let column = self.at + 1;
            nim = Some(match self.digits() {
                Some(d) => d.parse::<u64>().map_err(|_| FormError::Syntax {
                    column,
                    expected: "a nimber that fits 64 bits".to_string(),
                    found: d,
                })?,
                None => 1,
            });
        }
        if ups.is_none() && nim.is_none() {
            return Ok(None);
        }
        Ok(Some((ups.unwrap_or(0), nim.unwrap_or(0))))
    }

    fn atom(&mut self) -> Parsed<Value> {
        self.atom_signed(false)
    }

    /// An atom; a number that starts it negated first when `negative`.
    fn atom_signed(&mut self, negative: bool) -> Parsed<Value> {
        self.skip_space();
        let column = self.at + 1;
        if let Some(x) = self.number()? {
            let x = if negative { -&x } else { x };
            // A number may run into ups, a star or Tiny/Miny: 6^*, 3*2, 2Tiny(2).
            if let Some((ups, nim)) = self.up_star()? {
                return Ok(Value::Form(Form::number_up_star(x, ups, nim)));
            }
            if self.peek().is_some_and(|c| c == 'T' || c == 'M') {
                let tiny = self.atom()?;
                let g = game(tiny, column)?;
                return Ok(Value::Form(Form::number(x).add(g)?));
            }
            return Ok(Value::Form(Form::number(x)));
        }
        if let Some((ups, nim)) = self.up_star()? {
            return Ok(Value::Form(Form::number_up_star(Dyadic::zero(), ups, nim)));
        }
        match self.peek() {
            Some('{') => {
                self.at += 1;
                self.nest()?;
                let form = self.braces()?;
                self.depth -= 1;
                Ok(Value::Form(form))
            }
            Some('(') => {
                self.at += 1;
                self.nest()?;
                let value = self.expression()?;
                self.expect(")")?;
                self.depth -= 1;
                Ok(value)
            }
            Some(c) if c.is_ascii_alphabetic() => self.call(),
            _ => Err(self.error("a game: a number, *, ^, v, {...|...}, (...) or a function")),
        }
    }

    /// The inside of `{...}` after the brace: lists of options separated by runs of bars;
    /// the longest run splits the game into its Left and Right sides.
    fn braces(&mut self) -> Parsed<Form> {
        let mut lists: Vec<Vec<Form>> = Vec::new();
        let mut bars: Vec<(usize, usize)> = Vec::new(); // (count, column)
        loop {
            let mut list = Vec::new();
            self.skip_space();
            if !matches!(self.peek(), Some('|') | Some('}')) {
                loop {
                    let column = self.at + 1;
                    let value = self.sum()?;
                    list.push(game(value, column)?);
                    self.skip_space();
                    if self.peek() == Some(',') {
                        self.at += 1;
                    } else {
                        break;
                    }
                }
            }
            lists.push(list);
            self.skip_space();
            match self.peek() {
                Some('|') => {
                    let column = self.at + 1;
                    let mut n = 0;
                    while self.peek() == Some('|') {
                        self.at += 1;
                        n += 1;
                    }
                    bars.push((n, column));
                }
                Some('}') => {
                    self.at += 1;
                    break;
                }
                _ => return Err(self.error("',', '|' or '}'")),
            }
        }
        if bars.is_empty() {
            return Err(FormError::Syntax {
                column: self.at,
                expected: "'|' between Left's and Right's options".to_string(),
                found: "'}'".to_string(),
            });
        }
        // Split at the longest run of bars, which must be unique, and so on inside each side;
        // done with a stack of (first list, last list) ranges, the bars between them.
        split(&lists, &bars)
    }

    fn call(&mut self) -> Parsed<Value> {
        let column = self.at + 1;
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.at += 1;
        }
        let name: String = self.chars[start..self.at].iter().collect();
        let lower = name.to_ascii_lowercase();
        let arity = match lower.as_str() {
            "temperature" | "mean" | "leftstop" | "rightstop" | "left_stop" | "right_stop"
            | "thermograph" | "birthday" | "atomic_weight" | "atomicweight" | "reduced"
            | "incentives" | "outcome" | "tiny" | "miny" => 1,
            "cool" | "heat" | "norton" | "conjunctive" | "selective" | "ordinal" | "product" => 2,
            "overheat" => 3,
            _ => {
                return Err(FormError::Syntax {
                    column,
                    expected: "a function: temperature, mean, leftstop, rightstop, thermograph, birthday, atomic_weight, reduced, incentives, outcome, cool, heat, overheat, norton, conjunctive, selective, ordinal, product, Tiny or Miny".to_string(),
                    found: format!("{name:?}"),
                });
            }
        };
        self.expect("(")?;
        self.nest()?;
        let mut args = Vec::new();
        for i in 0..arity {
            if i > 0 {
                self.expect(",")?;
            }
            self.skip_space();
            let c = self.at + 1;
            args.push((self.sum()?, c));
        }
        self.expect(")")?;
        self.depth -= 1;
        let mut games = Vec::new();
        for (value, c) in &args {
            games.push((value.clone(), *c));
        }
        let g = |k: usize| game(games[k].0.clone(), games[k].1);
        Ok(match lower.as_str() {
            "temperature" => Value::Number(g(0)?.temperature()?),
            "mean" => Value::Number(g(0)?.mean()?),
            "leftstop" | "left_stop" => Value::Number(g(0)?.left_stop()?),
            "rightstop" | "right_stop" => Value::Number(g(0)?.right_stop()?),
            "thermograph" => {
                let f = g(0)?;
                Value::Thermograph(f, Box::new(f.thermograph()?))
            }
            "birthday" => Value::Integer(g(0)?.birthday()?),
            "atomic_weight" | "atomicweight" => Value::Form(g(0)?.atomic_weight()?),
            "reduced" => Value::Form(g(0)?.reduced()?),
            "incentives" => Value::Forms(g(0)?.incentives()?),
            "outcome" => Value::Outcome(g(0)?.outcome()?),
            "tiny" | "miny" => {
                // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}.
                let x = g(0)?;
                let zero = Form::zero();
                if lower == "tiny" {
                    let inner = Form::from_options(&[zero], &[x.neg()?])?;
                    Value::Form(Form::from_options(&[zero], &[inner])?)
                } else {
                    let inner = Form::from_options(&[x], &[zero])?;
                    Value::Form(Form::from_options(&[inner], &[zero])?)
                }
            }
            "cool" => {
                let t = match &games[1].0 {
                    Value::Number(x) => x.clone(),
                    Value::Integer(n) => Dyadic::integer(n.clone()),
                    Value::Form(f) if f.is_number() => f.as_number().unwrap(),
                    other => {
                        return Err(FormError::Syntax {
                            column: games[1].1,
                            expected: "a number to cool by".to_string(),
                            found: other.kind().to_string(),
                        });
                    }
                };
                Value::Form(g(0)?.cool(&t)?)
            }
            "heat" => Value::Form(g(0)?.heat(g(1)?)?),
            "overheat" => Value::Form(g(0)?.overheat(g(1)?, g(2)?)?),
            "norton" => Value::Form(g(0)?.norton(g(1)?)?),
            "conjunctive" => Value::Form(g(0)?.conjunctive(g(1)?)?),
            "selective" => Value::Form(g(0)?.selective(g(1)?)?),
            "ordinal" => Value::Form(g(0)?.ordinal(g(1)?)?),
            "product" => Value::Form(g(0)?.product(g(1)?)?),
            _ => unreachable!("every name was matched above"),
        })
    }
}

/// Builds the game of `{lists[0] bars[0] lists[1] ... }` by splitting at the longest run.
fn split(lists: &[Vec<Form>], bars: &[(usize, usize)]) -> Parsed<Form> {
    // A range of lists (first..=last) stands for one side: a plain list when first == last,
    // else the game it spells. Worked bottom-up: ranges are ordered by their bar counts, so
    // an explicit stack of pending ranges suffices (the nesting is at most MOST_NESTING).
    fn build(
        lists: &[Vec<Form>],
        bars: &[(usize, usize)],
        first: usize,
        last: usize,
    ) -> Parsed<Vec<Form>> {
        if first == last {
            return Ok(lists[first].clone());
        }
        // bars between list i and i+1 is bars[i]
        let most = bars[first..last].iter().map(|b| b.0).max().unwrap();
        let at: Vec<usize> = (first..last).filter(|&i| bars[i].0 == most).collect();
        if at.len() > 1 {
            return Err(FormError::Syntax {
                column: bars[at[1]].1,
                expected: format!(
                    "one run of {most} bars at this level (write braces to say which game is inside which)"
                ),
                found: "a second one".to_string(),
            });
        }
        let split = at[0];
        let left = build(lists, bars, first, split)?;
        let right = build(lists, bars, split + 1, last)?;
        Ok(vec![Form::from_options(&left, &right)?])
    }
    let n = lists.len() - 1;
    let most = bars.iter().map(|b| b.0).max().unwrap();
    if most > MOST_NESTING {
        return Err(FormError::Syntax {
            column: bars[0].1,
            expected: format!("at most {MOST_NESTING} bars in a run"),
            found: format!("{most}"),
        });
    }
    let at: Vec<usize> = (0..n).filter(|&i| bars[i].0 == most).collect();
    if at.len() > 1 {
        return Err(FormError::Syntax {
            column: bars[at[1]].1,
            expected: format!("one run of {most} bars at the top of the braces"),
            found: "a second one".to_string(),
        });
    }
    let left = build(lists, bars, 0, at[0])?;
    let right = build(lists, bars, at[0] + 1, n)?;
    Ok(Form::from_options(&left, &right)?)
}

// ---- printing ---------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Shape {
    Nus,
    /// `+-A` for `{A | -A}`, and `+-{A,B}` for `{A,B | -A,-B}`
    Switch(Vec<Id>),
    /// `xTiny(y)` / `xMiny(y)`
    Tiny(Dyadic, Id, bool),
    General,
}

fn nus_text(t: &Table, id: Id) -> String {
    let n = t.as_nus(id).expect("a number-up-star");
    let mut out = String::new();
    if !n.number.is_zero() || (n.ups == 0 && n.nim == 0) {
        out.push_str(&n.number.to_string());
    }
    match n.ups {
        0 => {}
        1 => out.push('^'),
        2 => out.push_str("^^"),
        -1 => out.push('v'),
        -2 => out.push_str("vv"),
        u if u > 0 => out.push_str(&format!("^{u}")),
        u => out.push_str(&format!("v{}", u.unsigned_abs())),
    }
    match n.nim {
        0 => {}
        1 => out.push('*'),
        m => out.push_str(&format!("*{m}")),
    }
    out
}

fn shape(t: &mut Table, id: Id, shapes: &mut HashMap<Id, Shape>) -> Result<Shape> {
    if let Some(s) = shapes.get(&id) {
        return Ok(s.clone());
    }
    let s = if !matches!(t.nodes[id as usize].kind, Kind::General | Kind::Raw) {
        Shape::Nus
    } else {
        let (l, r) = (t.left(id).to_vec(), t.right(id).to_vec());
        let mut s = Shape::General;
        let mut negatives = Vec::with_capacity(l.len());
        for &o in &l {
            negatives.push(t.neg(o)?);
        }
        negatives.sort_unstable();
        if !l.is_empty() && negatives == r {
            s = Shape::Switch(l.clone());
        } else if l.len() == 1 && r.len() == 1 {
            if let Some(x) = t.as_number(l[0]).cloned()
                && matches!(t.nodes[r[0] as usize].kind, Kind::General)
                && t.left(r[0]) == [l[0]]
                && t.right(r[0]).len() == 1
            {
                // {x || x | w}: x + Tiny(x - w), when w's left stop is below x.
                let w = t.right(r[0])[0];
                if t.stops(w)?.0 < x {
                    let minus_w = t.neg(w)?;
                    let y = t.add(l[0], minus_w)?;
                    s = Shape::Tiny(x, y, true);
                }
            } else if let Some(x) = t.as_number(r[0]).cloned()
                && matches!(t.nodes[l[0] as usize].kind, Kind::General)
                && t.right(l[0]) == [r[0]]
                && t.left(l[0]).len() == 1
            {
                // {w | x || x}: x + Miny(w - x).
                let w = t.left(l[0])[0];
                if t.stops(w)?.1 > x {
                    let minus_x = t.neg(r[0])?;
                    let y = t.add(w, minus_x)?;
                    s = Shape::Tiny(x, y, false);
                }
            }
        }
        s
    };
    shapes.insert(id, s.clone());
    Ok(s)
}

/// Options in the order they are printed: by birthday (as CGSuite lists them: `*,v`,
/// `0,*,*2`, `{2|0},Miny(2)`), then numbers, number-up-stars and general forms, numbers and
/// number-up-stars by value, general forms by their [`shape_key`]: so the printing is a
/// function of the value alone, whatever order the table made the forms in.
fn order(t: &mut Table, options: &[Id], keys: &mut HashMap<Id, u128>) -> Result<Vec<Id>> {
    let mut keyed = Vec::with_capacity(options.len());
    for &o in options {
        let birthday = (*t.birthday(o)?).clone();
        let rank = match t.as_nus(o) {
            Some(n) if n.ups == 0 && n.nim == 0 => (0, Some(n)),
            Some(n) => (1, Some(n)),
            None => (2, None),
        };
        let key = if rank.1.is_none() {
            shape_key(t, o, keys)?
        } else {
            0
        };
        keyed.push((
            birthday,
            rank.0,
            rank.1.map(|n| (n.number, n.ups, n.nim)),
            key,
            o,
        ));
    }
    keyed.sort();
    Ok(keyed.into_iter().map(|k| k.4).collect())
}

/// One step of a 64-bit mix (splitmix64's finaliser).
fn mix(mut h: u64, word: u64) -> u64 {
    h ^= word;
    h = h.wrapping_add(0x9e37_79b9_7f4a_7c15);
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// A 128-bit key of a canonical form worked out from its value alone, from the leaves up: a
/// number-up-star's from its number, ups and nim; a general form's from its options' keys,
/// each side sorted. Equal forms get equal keys in any run; it orders the general options of
/// equal birthday when printed ([`order`]). Without recursion on the form's depth.
fn shape_key(t: &mut Table, id: Id, keys: &mut HashMap<Id, u128>) -> Result<u128> {
    let mut stack = vec![(id, false)];
    while let Some((g, ready)) = stack.pop() {
        if keys.contains_key(&g) {
            continue;
        }
        if let Some(n) = t.as_nus(g) {
            let mut lanes = [1u64, 2u64];
            for lane in &mut lanes {
                for byte in n.number.to_string().bytes() {
                    *lane = mix(*lane, u64::from(byte));
                }
                *lane = mix(*lane, n.ups as u64);
                *lane = mix(*lane, n.nim);
            }
            keys.insert(g, (u128::from(lanes[0]) << 64) | u128::from(lanes[1]));
            continue;
        }
        t.ensure_options(g)?;
        if !ready {
            stack.push((g, true));
            for &o in t.left(g).iter().chain(t.right(g)) {
                if !keys.contains_key(&o) {
                    stack.push((o, false));
                }
            }
            continue;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, list) in [t.left(g), t.right(g)].into_iter().enumerate() {
            sides[side] = list.iter().map(|o| keys[o]).collect();
            sides[side].sort_unstable();
        }
        let mut lanes = [3u64, 4u64];
        for lane in &mut lanes {
            for (side, list) in sides.iter().enumerate() {
                *lane = mix(*lane, 5 + side as u64);
                for &k in list {
                    *lane = mix(*lane, (k >> 64) as u64);
                    *lane = mix(*lane, k as u64);
                }
            }
        }
        keys.insert(g, (u128::from(lanes[0]) << 64) | u128::from(lanes[1]));
    }
    Ok(keys[&id])
}

/// The form `id` as CGSuite prints it, without recursion on its depth.
pub(crate) fn render(t: &mut Table, id: Id) -> Result<String> {
    let mut shapes: HashMap<Id, Shape> = HashMap::new();
    // Bars of every general form printed inline, worked out from the leaves up.
    let mut bars: HashMap<Id, usize> = HashMap::new();
    let mut stack = vec![(id, false)];
    while let Some((g, children_done)) = stack.pop() {
        if bars.contains_key(&g) {
            continue;
        }
        let s = shape(t, g, &mut shapes)?;
        let children: Vec<Id> = match &s {
            Shape::Nus => continue,
            Shape::Switch(options) => options.clone(),
            Shape::Tiny(_, y, _) => vec![*y],
            Shape::General => t.left(g).iter().chain(t.right(g)).copied().collect(),
        };
        if !children_done {
            stack.push((g, true));
            for c in children {
                if !bars.contains_key(&c) {
                    stack.push((c, false));
                }
            }
            continue;
        }
        let side = |list: &[Id], shapes: &HashMap<Id, Shape>, bars: &HashMap<Id, usize>| {
            if list.len() == 1 && matches!(shapes.get(&list[0]), Some(Shape::General)) {
                bars.get(&list[0]).copied().unwrap_or(0)
            } else {
                0
            }
        };
        let n = match s {
            Shape::General => {
                1 + side(t.left(g), &shapes, &bars).max(side(t.right(g), &shapes, &bars))
            }
            _ => 0,
        };
        bars.insert(g, n);
    }
    enum Item {
        Text(String),
        /// A form on its own: braces around a general form.
        Whole(Id),
        /// A general form without its braces.
        Inline(Id),
        /// The options of one side.
        Side(Vec<Id>),
        /// Options, each whole, between commas.
        List(Vec<Id>),
    }
    let mut out = String::new();
    let mut keys: HashMap<Id, u128> = HashMap::new();
    let mut work = vec![Item::Whole(id)];
    while let Some(item) = work.pop() {
        match item {
            Item::Text(text) => out.push_str(&text),
            Item::Whole(g) => match shapes.get(&g).cloned().unwrap_or(Shape::Nus) {
                Shape::Nus => out.push_str(&nus_text(t, g)),
                Shape::General => {
                    work.push(Item::Text("}".to_string()));
                    work.push(Item::Inline(g));
                    out.push('{');
                }
                Shape::Switch(options) => {
                    // +-x for a number, +-(A) for a number-up-star or another switch, and
                    // +-{A,B} (a list of Left's options) otherwise.
                    out.push_str("+-");
                    let lone = options.len() == 1;
                    if lone && t.as_number(options[0]).is_some() {
                        work.push(Item::Whole(options[0]));
                    } else if lone && !matches!(shapes.get(&options[0]), Some(Shape::General)) {
                        work.push(Item::Text(")".to_string()));
                        work.push(Item::Whole(options[0]));
                        out.push('(');
                    } else {
                        work.push(Item::Text("}".to_string()));
                        work.push(Item::List(order(t, &options, &mut keys)?));
                        out.push('{');
                    }
                }
                Shape::Tiny(x, y, tiny) => {
                    if !x.is_zero() {
                        out.push_str(&x.to_string());
                    }
                    out.push_str(if tiny { "Tiny(" } else { "Miny(" });
                    work.push(Item::Text(")".to_string()));
                    work.push(Item::Whole(y));
                }
            },
            Item::Inline(g) => {
                let n = bars[&g];
                let (l, r) = (t.left(g).to_vec(), t.right(g).to_vec());
                work.push(Item::Side(order(t, &r, &mut keys)?));
                work.push(Item::Text("|".repeat(n)));
                work.push(Item::Side(order(t, &l, &mut keys)?));
            }
            Item::List(list) => {
                for (i, &o) in list.iter().enumerate().rev() {
                    work.push(Item::Whole(o));
                    if i > 0 {
                        work.push(Item::Text(",".to_string()));
                    }
                }
            }
            Item::Side(list) => {
                let single = list.len() == 1;
                for (i, &o) in list.iter().enumerate().rev() {
                    if single && matches!(shapes.get(&o), Some(Shape::General)) {
                        work.push(Item::Inline(o));
                    } else {
                        work.push(Item::Whole(o));
                    }
                    if i > 0 {
                        work.push(Item::Text(",".to_string()));
                    }
                }
            }
        }
    }
    Ok(out)
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Form(g) => write!(f, "{g}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(x) => write!(f, "{x}"),
            Value::Integer(n) => write!(f, "{n}"),
            Value::Outcome(o) => f.write_str(o.letter()),
            Value::Thermograph(g, _) => write!(f, "thermograph of {g}"),
            Value::Forms(list) => {
                f.write_str("{")?;
                for (i, g) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{g}")?;
                }
                f.write_str("}")
            }
        }
    }
}
