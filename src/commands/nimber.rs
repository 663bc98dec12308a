//! `onag nimber`: expressions of nimbers in the nimber field, evaluated by the library.
//!
//! The grammar, loosest first: `a + b` (nim-sum), `a * b` and `a / b` (nim product and
//! quotient), `a ^ n` (power, `n` an ordinary number), and `sqrt(a)`, `inv(a)`, `(a)`;
//! numbers in decimal or `0x` hexadecimal, or written as nimbers are (`*5` for 5, `*` for 1).
//! `**` is refused, since it means a power elsewhere: `4 ** 2` read as 4 ⊗ *2 would be a wrong
//! answer to a question about 4².

use std::io::Write;

use onag_core::field::BigNimber;
use serde_json::json;

use super::Error;
use crate::cli::NimberArgs;

use onag_core::field::WIDEST_FIELD_BITS;

pub fn run(arguments: &NimberArgs, out: &mut dyn Write) -> Result<(), Error> {
    let text = arguments.expression.join(" ");
    let value = evaluate(&text)?;
    if arguments.json {
        let report = json!({
            "expression": text,
            "value": value.to_decimal(),
            "field_bits": value.field_bits(),
        });
        writeln!(out, "{report}")?;
    } else {
        writeln!(out, "{}", value.to_decimal())?;
    }
    Ok(())
}

/// The value of `text`, or one line saying what is wrong and where ([`Error::Usage`]), or
/// [`Error::Engine`] with a stop requested meanwhile: an inverse or a square root in a field of
/// thousands of bits takes about a second, and the explorer's deadline or Ctrl-C must not wait
/// for thirty of them.
fn evaluate(text: &str) -> Result<BigNimber, Error> {
    let mut parser = Parser {
        text,
        position: 0,
        depth: 0,
    };
    let value = parser.sum()?;
    parser.skip_spaces();
    if parser.position < text.len() {
        return Err(parser.error("expected an operator (+ * / ^) or the end"));
    }
    Ok(value)
}

/// A recursive-descent parser over the expression's text. Its recursion follows the nesting of
/// parentheses, which is bounded by [`MAX_DEPTH`].
struct Parser<'a> {
    text: &'a str,
    position: usize,
    depth: usize,
}

/// The deepest nesting of parentheses accepted.
const MAX_DEPTH: usize = 200;

impl Parser<'_> {
    fn error(&self, what: &str) -> Error {
        Error::Usage(format!(
            "cannot read the expression {:?} at character {}: {what}",
            self.text,
            self.position + 1
        ))
    }

    fn skip_spaces(&mut self) {
        while self.text[self.position..].starts_with(char::is_whitespace) {
            self.position += self.text[self.position..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
        }
    }

    /// Consumes `token` if it comes next.
    fn eat(&mut self, token: &str) -> bool {
        self.skip_spaces();
        if self.text[self.position..].starts_with(token) {
            self.position += token.len();
            true
        } else {
            false
        }
    }

    fn sum(&mut self) -> Result<BigNimber, Error> {
        let mut value = self.product()?;
        while self.eat("+") {
            value = &value ^ &self.product()?;
        }
        Ok(value)
    }

    fn product(&mut self) -> Result<BigNimber, Error> {
        let mut value = self.power()?;
        loop {
            if self.eat("*") {
                if self.text[self.position..].starts_with('*') {
                    return Err(self.error(
                        "** is not an operator: write ^ for a power, or a space between a \
                         product's * and a nimber's (4 * *2)",
                    ));
                }
                value = &value * &self.power()?;
            } else if self.eat("/") {
                let divisor = self.power()?;
                let inverse = divisor
                    .try_inverse()?
                    .ok_or_else(|| self.error("division by zero"))?;
                value = &value * &inverse;
            } else {
                return Ok(value);
            }
        }
    }

    fn power(&mut self) -> Result<BigNimber, Error> {
        let base = self.atom()?;
        if !self.eat("^") {
            return Ok(base);
        }
        self.skip_spaces();
        // An exponent is a whole number, written in decimal or 0x hexadecimal as numbers are.
        let digits: String = self.text[self.position..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let exponent = match digits.strip_prefix("0x") {
            Some(hex) => u128::from_str_radix(hex, 16),
            None => digits.parse::<u128>(),
        }
        .map_err(|_| {
            self.error(
                "expected an exponent: a whole number below 2^128, in decimal or 0x hexadecimal",
            )
        })?;
        self.position += digits.len();
        let after = self.position;
        if self.eat("^") {
            self.position = after;
            return Err(self.error(
                "powers do not chain: an exponent is a whole number, not a nimber, so write the one meant (2^9, not 2^3^2)",
            ));
        }
        Ok(base.try_pow(exponent)?)
    }

    fn atom(&mut self) -> Result<BigNimber, Error> {
        self.skip_spaces();
        for name in ["sqrt", "inv"] {
            if self.text[self.position..].starts_with(name) {
                self.position += name.len();
                let argument = self.parenthesised()?;
                return if name == "inv" {
                    argument
                        .try_inverse()?
                        .ok_or_else(|| self.error("0 has no inverse"))
                } else {
                    Ok(argument.try_sqrt()?)
                };
            }
        }
        if self.text[self.position..].starts_with('(') {
            return self.parenthesised();
        }
        // A nimber as written in the theory: `*5` is 5, `*` alone is *1.
        let star = self.text[self.position..].starts_with('*');
        if star {
            self.position += 1;
            if !self.text[self.position..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                return Ok(BigNimber::from(1u64));
            }
        }
        let digits: String = self.text[self.position..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if digits.is_empty() {
            return Err(self.error("expected a number (5 or *5), ( or sqrt( or inv("));
        }
        let value: BigNimber = digits
            .parse()
            .map_err(|_| self.error("expected a number in decimal or 0x hexadecimal"))?;
        if value.field_bits() > WIDEST_FIELD_BITS {
            return Err(self.error(&format!("numbers must be below 2^{WIDEST_FIELD_BITS}")));
        }
        self.position += digits.len();
        Ok(value)
    }

    fn parenthesised(&mut self) -> Result<BigNimber, Error> {
        if !self.eat("(") {
            return Err(self.error("expected ("));
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(&format!("parentheses nest more than {MAX_DEPTH} deep")));
        }
        let value = self.sum()?;
        self.depth -= 1;
        if !self.eat(")") {
            return Err(self.error("expected )"));
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        evaluate(text)
            .map(|value| value.to_decimal())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn precedence_and_functions() {
        // Ferguson §5: 3 ⊗ 5 ⊗ 6 = 4, 3 ⊗ (5 + 6) = 2, 6 / 5 = 9, 1 / 7 = 11, 8 ⊗ 8 = 13.
        assert_eq!(value("3 * 5 * 6"), "4");
        assert_eq!(value("3 * (5 + 6)"), "2");
        assert_eq!(value("3*5 + 3*6"), "2");
        assert_eq!(value("6 / 5"), "9");
        assert_eq!(value("inv(7)"), "11");
        assert_eq!(value("sqrt(13)"), "8");
        assert_eq!(value("2^2"), "3");
        assert_eq!(value("0x10 * 0x10"), "24");
        assert!(value("1 / 0").contains("division by zero"));
        assert!(value("inv(0)").contains("no inverse"));
        assert!(value("3 +").contains("expected a number"));
        assert!(value("(3").contains("expected )"));
        assert!(value("3 3").contains("expected an operator"));
        assert!(value(&"(".repeat(1000)).contains("nest"));
        // Nimbers written with a star: *3 + *5 = *6, * is *1, 4 ⊗ *2 = 8 (distinct Fermat
        // 2-powers multiply as integers).
        assert_eq!(value("*3 + *5"), "6");
        assert_eq!(value("* + *"), "0");
        assert_eq!(value("4 * *2"), "8");
        assert_eq!(value("*2^2"), "3");
        assert_eq!(value("*0x10 * *16"), "24");
        assert!(value("4**2").contains("** is not an operator"));
        assert!(value("4 ** 2").contains("** is not an operator"));
        assert!(value("*x").contains("expected a number in decimal"));
    }
}
