//! `StrictQuery<T>`: a query string read like `web::Query<T>`, except that
//! nothing the handler would silently ignore gets through. A misspelt
//! `?staus=finished` used to list every game; now it is a 400
//! `invalid_query` naming the parameter, the accepted ones and the closest.
//! A value of the wrong type names its parameter too (`limit: invalid digit
//! found in string`), which actix's own `Query` does not.

use std::fmt;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::{ready, Ready};
use serde::de::{self, DeserializeOwned, Visitor};
use serde::forward_to_deserialize_any;

use crate::api::problems::ApiError;

#[derive(Debug)]
pub struct StrictQuery<T>(pub T);

impl<T> std::ops::Deref for StrictQuery<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned> FromRequest for StrictQuery<T> {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            parse::<T>(request.query_string())
                .map(StrictQuery)
                .map_err(Into::into),
        )
    }
}

/// Reads `query` into `T`, refusing parameters that are not `T`'s fields.
pub fn parse<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    if let Some(accepted) = field_names::<T>() {
        for (name, _) in form_urlencoded::parse(query.as_bytes()) {
            if !accepted.contains(&name.as_ref()) {
                return Err(unknown_parameter(&name, accepted));
            }
        }
    }
    let pairs = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(pairs)
        .map_err(|error| ApiError::InvalidQuery(error.to_string()))
}

pub(crate) fn unknown_parameter(name: &str, accepted: &[&str]) -> ApiError {
    let list = if accepted.is_empty() {
        "this endpoint takes no query parameters".to_owned()
    } else {
        format!("accepted: {}", accepted.join(", "))
    };
    let hint = closest(name, accepted)
        .map(|close| format!(" (did you mean {close:?}?)"))
        .unwrap_or_default();
    ApiError::InvalidQuery(format!("unknown parameter {name:?}{hint}; {list}"))
}

/// The accepted name a typo most likely meant: the nearest by edit
/// distance, if it is within a third of the name's length (at least 1).
fn closest<'a>(name: &str, accepted: &[&'a str]) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    accepted
        .iter()
        .map(|candidate| (edit_distance(name, candidate), *candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Edit distance counting an insertion, deletion, substitution or swap of
/// two neighbours as one edit (optimal string alignment): `form` is one
/// edit from `from`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: distance between a[..i] and b[..j].
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The field names serde's derive gives `T` (after renames), learnt by
/// asking `T` to deserialize itself from a probe that only records them.
/// `None` when `T` is not a plain struct (e.g. it flattens another).
fn field_names<T: DeserializeOwned>() -> Option<&'static [&'static str]> {
    match T::deserialize(FieldProbe) {
        Err(ProbeError(fields)) => fields,
        Ok(_) => None,
    }
}

struct FieldProbe;

#[derive(Debug)]
struct ProbeError(Option<&'static [&'static str]>);

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field probe")
    }
}

impl std::error::Error for ProbeError {}

impl de::Error for ProbeError {
    fn custom<M: fmt::Display>(_: M) -> Self {
        ProbeError(None)
    }
}

impl<'de> de::Deserializer<'de> for FieldProbe {
    type Error = ProbeError;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, ProbeError> {
        Err(ProbeError(Some(fields)))
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, ProbeError> {
        Err(ProbeError(None))
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    struct Listing {
        status: Option<String>,
        limit: Option<u32>,
        include_provisional: Option<bool>,
    }

    fn detail(query: &str) -> String {
        match parse::<Listing>(query) {
            Err(ApiError::InvalidQuery(detail)) => detail,
            other => panic!("{query}: {other:?}"),
        }
    }

    #[test]
    fn known_parameters_are_read() {
        let listing = parse::<Listing>("status=finished&limit=3&include_provisional=true").unwrap();
        assert_eq!(listing.status.as_deref(), Some("finished"));
        assert_eq!(listing.limit, Some(3));
        assert_eq!(listing.include_provisional, Some(true));
        assert!(parse::<Listing>("").unwrap().status.is_none());
    }

    #[test]
    fn an_unknown_parameter_is_named_with_the_closest_and_the_accepted() {
        assert_eq!(
            detail("staus=finished"),
            "unknown parameter \"staus\" (did you mean \"status\"?); \
             accepted: status, limit, include_provisional"
        );
        assert!(detail("include_provisonal=true").contains("did you mean \"include_provisional\"?"));
        assert_eq!(
            detail("colour=red"),
            "unknown parameter \"colour\"; accepted: status, limit, include_provisional"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_names_its_parameter() {
        assert!(
            detail("limit=x").starts_with("limit: "),
            "{}",
            detail("limit=x")
        );
        assert!(detail("include_provisional=yes").starts_with("include_provisional: "));
        assert!(detail("limit=-1").starts_with("limit: "));
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("staus", "status"), 1);
        assert_eq!(edit_distance("limt", "limit"), 1);
        assert_eq!(edit_distance("form", "from"), 1);
        assert_eq!(edit_distance("colour", "color"), 1);
        assert_eq!(edit_distance("", "to"), 2);
    }
}
