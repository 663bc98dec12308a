//! Presentations of misère quotients: generators, normal forms and relations.

use std::fmt;

use super::{Class, MisereQuotient};

/// A presentation of a [`MisereQuotient`]: generators named `a`, `b`, `c`, ... for the heaps
/// whose classes are not products of the earlier ones, the normal form of every element (its
/// least word in degree, then with more of the earlier generators), and the relations: each
/// word that is not a normal form and has no smaller such word dividing it, equal to the
/// normal form of its element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// The generators: the heap each stands for, in order.
    pub generators: Vec<u64>,
    /// Each element's normal form, as exponents of the generators.
    pub normal_forms: Vec<Vec<u32>>,
    /// The relations `left = right`, as exponents of the generators.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

impl Presentation {
    pub(super) fn of(quotient: &MisereQuotient) -> Presentation {
        let order = quotient.order;
        let mut generators: Vec<u64> = Vec::new();
        let mut images: Vec<Class> = Vec::new();
        let mut spanned = quotient.span(&images);
        for (n, &x) in quotient.phi.iter().enumerate() {
            if spanned[x as usize] {
                continue;
            }
            generators.push(n as u64);
            images.push(x);
            spanned = quotient.span(&images);
        }
        let count = generators.len();
        let mut normal_forms: Vec<Option<Vec<u32>>> = vec![None; order];
        normal_forms[quotient.identity as usize] = Some(vec![0; count]);
        let mut relations: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
        let mut frontier: Vec<(Vec<u32>, Class)> = vec![(vec![0; count], quotient.identity)];
        while !frontier.is_empty() {
            let mut next: Vec<(Vec<u32>, Class)> = Vec::new();
            for (word, x) in &frontier {
                for (g, &image) in images.iter().enumerate() {
                    let mut longer = word.clone();
                    longer[g] += 1;
                    next.push((longer, quotient.multiply_class(*x, image)));
                }
            }
            // Within a degree, more of the earlier generators first.
            next.sort_by(|a, b| b.0.cmp(&a.0));
            next.dedup_by(|a, b| a.0 == b.0);
            frontier.clear();
            for (word, x) in next {
                let divisible = relations
                    .iter()
                    .any(|(left, _)| left.iter().zip(&word).all(|(l, w)| l <= w));
                if divisible {
                    continue;
                }
                match &normal_forms[x as usize] {
                    Some(form) => relations.push((word, form.clone())),
                    None => {
                        normal_forms[x as usize] = Some(word.clone());
                        frontier.push((word, x));
                    }
                }
            }
        }
        Presentation {
            generators,
            normal_forms: normal_forms
                .into_iter()
                .map(|form| form.unwrap_or_default())
                .collect(),
            relations,
        }
    }

    /// The name of generator `g`: `a` to `z`, then `g26`, `g27`, ...
    pub fn name(&self, g: usize) -> String {
        if g < 26 {
            ((b'a' + g as u8) as char).to_string()
        } else {
            format!("g{g}")
        }
    }

    /// A word written as the literature writes it: `1`, `a`, `ab^2`.
    pub fn write(&self, word: &[u32]) -> String {
        let mut text = String::new();
        for (g, &e) in word.iter().enumerate() {
            if e == 0 {
                continue;
            }
            text.push_str(&self.name(g));
            if e > 1 {
                text.push_str(&format!("^{e}"));
            }
        }
        if text.is_empty() { "1".into() } else { text }
    }

    /// The normal form of element `x`, written.
    pub fn word(&self, x: super::Element) -> String {
        self.word_class(x.0)
    }

    /// As [`word`](Self::word), by the element's place in the tables.
    pub(crate) fn word_class(&self, x: Class) -> String {
        self.write(&self.normal_forms[x as usize])
    }
}

impl fmt::Display for Presentation {
    /// `⟨a, b | a^2 = 1, b^3 = b⟩`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = (0..self.generators.len()).map(|g| self.name(g)).collect();
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", self.write(l), self.write(r)))
            .collect();
        if relations.is_empty() {
            write!(f, "⟨{}⟩", names.join(", "))
        } else {
            write!(f, "⟨{} | {}⟩", names.join(", "), relations.join(", "))
        }
    }
}
