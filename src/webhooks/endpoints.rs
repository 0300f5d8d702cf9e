//! A player's endpoints: create, read, change, delete, rotate the secret,
//! ping; their delivery log and its retries. Each write runs as a unit
//! of work of the Games layer.

use super::events::{body, EventType, PingData};
use super::signing::new_secret;
use super::targets::{check_url, resolve, Unusable};
use super::{delivery_id, outbox::RETRY_FOR, Webhooks, WebhooksError};
use crate::domain::PlayerId;
use crate::games::Done;
use crate::store::{DeliveryRow, EndpointRow};

/// The longest description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 200;

/// What `POST /v1/me/webhooks` asks for.
#[derive(Clone, Debug)]
pub struct NewEndpoint {
    pub url: String,
    pub events: Vec<String>,
    pub description: Option<String>,
}

/// What `PATCH` changes; `None` leaves a field as it is.
#[derive(Clone, Debug, Default)]
pub struct EndpointChange {
    pub url: Option<String>,
    pub events: Option<Vec<String>>,
    pub description: Option<String>,
    pub enabled: Option<bool>,
}

/// An endpoint with its secret, shown once (created or rotated).
#[derive(Clone, Debug)]
pub struct Rotated {
    pub endpoint: EndpointRow,
}

/// The stored form of a list of events: `,a,b,` in the catalogue's order.
fn events_column(events: &[String]) -> Result<String, WebhooksError> {
    if events.is_empty() {
        return Err(WebhooksError::Invalid(
            "events: name at least one event to subscribe to".to_owned(),
        ));
    }
    let mut kinds = Vec::new();
    for name in events {
        let kind = EventType::parse(name).ok_or_else(|| {
            let known: Vec<&str> = EventType::SUBSCRIBABLE.iter().map(|k| k.as_str()).collect();
            WebhooksError::Invalid(format!(
                "events: {:?} is not an event; the events are {}",
                crate::domain::echoed(name, 40),
                known.join(", ")
            ))
        })?;
        kinds.push(kind);
    }
    let listed: Vec<&str> = EventType::SUBSCRIBABLE
        .into_iter()
        .filter(|kind| kinds.contains(kind))
        .map(EventType::as_str)
        .collect();
    Ok(format!(",{},", listed.join(",")))
}

/// The events of a stored list.
pub fn events_of(column: &str) -> Vec<String> {
    column
        .split(',')
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect()
}

fn description(text: Option<String>) -> Result<String, WebhooksError> {
    let text = text.unwrap_or_default();
    let text = text.trim();
    if text.chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(WebhooksError::Invalid(format!(
            "description: at most {MAX_DESCRIPTION_CHARS} characters"
        )));
    }
    if text.chars().any(char::is_control) {
        return Err(WebhooksError::Invalid(
            "description: no control characters".to_owned(),
        ));
    }
    Ok(text.to_owned())
}

impl Webhooks {
    /// Checks a target: its form, and (unless private targets are
    /// allowed) that neither its host nor what it resolves to now is a
    /// private address. A name that does not resolve now is accepted; it
    /// is checked again at each delivery.
    async fn checked_url(&self, url: &str) -> Result<String, WebhooksError> {
        let allow = self.settings.allow_private_targets;
        let target = check_url(url.trim(), allow)?;
        if !allow {
            let resolving =
                tokio::time::timeout(std::time::Duration::from_secs(2), resolve(&target, false));
            if let Ok(Err(Unusable::Refused(refused))) = resolving.await {
                return Err(WebhooksError::TargetRefused(refused));
            }
        }
        Ok(target.url.to_string())
    }

    /// Creates an endpoint with a new secret (shown once).
    pub async fn create(
        &self,
        player: &PlayerId,
        new: NewEndpoint,
    ) -> Result<Rotated, WebhooksError> {
        let url = self.checked_url(&new.url).await?;
        let events = events_column(&new.events)?;
        let description = description(new.description)?;
        let max = self.settings.max_per_player;
        let committed = self
            .games
            .run_unkeyed(&self.store, async |games, tx| {
                tx.lock_player(player).await?;
                if tx.count_webhooks(player).await? >= max as i64 {
                    return Err(WebhooksError::TooMany { max });
                }
                let now = games.time().now();
                let row = EndpointRow {
                    id: endpoint_id(),
                    player_id: player.to_string(),
                    url,
                    events,
                    description,
                    secret: new_secret(),
                    enabled: true,
                    disabled_reason: None,
                    failing_since: None,
                    created_at: now,
                    updated_at: now,
                };
                Ok(Done::value(tx.insert_webhook(&row).await?))
            })
            .await?;
        Ok(Rotated {
            endpoint: committed.value,
        })
    }

    /// The player's endpoints, oldest first.
    pub async fn list(&self, player: &PlayerId) -> Result<Vec<EndpointRow>, WebhooksError> {
        Ok(self.store.webhooks_of(player).await?)
    }

    /// One of the player's endpoints.
    pub async fn get(&self, player: &PlayerId, id: &str) -> Result<EndpointRow, WebhooksError> {
        self.store
            .webhook(player, id)
            .await?
            .ok_or_else(|| WebhooksError::NotFound(id.to_owned()))
    }

    /// Changes an endpoint. Enabling it again clears why it was disabled
    /// and its record of failing.
    pub async fn change(
        &self,
        player: &PlayerId,
        id: &str,
        change: EndpointChange,
    ) -> Result<EndpointRow, WebhooksError> {
        let url = match &change.url {
            Some(url) => Some(self.checked_url(url).await?),
            None => None,
        };
        let events = change.events.as_deref().map(events_column).transpose()?;
        let description = match change.description {
            Some(text) => Some(description(Some(text))?),
            None => None,
        };
        let committed = self
            .games
            .run_unkeyed(&self.store, async |games, tx| {
                let mut row = tx
                    .webhook(player, id)
                    .await?
                    .ok_or_else(|| WebhooksError::NotFound(id.to_owned()))?;
                row.url = url.unwrap_or(row.url);
                row.events = events.unwrap_or(row.events);
                row.description = description.unwrap_or(row.description);
                if let Some(enabled) = change.enabled {
                    if enabled && !row.enabled {
                        row.disabled_reason = None;
                        row.failing_since = None;
                    }
                    row.enabled = enabled;
                }
                row.updated_at = games.time().now();
                tx.update_webhook(&row).await?;
                Ok::<_, WebhooksError>(Done::value(()))
            })
            .await;
        committed?;
        self.get(player, id).await
    }

    /// Deletes an endpoint and its delivery log.
    pub async fn delete(&self, player: &PlayerId, id: &str) -> Result<(), WebhooksError> {
        self.games
            .run_unkeyed(&self.store, async |_, tx| {
                if tx.delete_webhook(player, id).await? {
                    Ok(Done::value(()))
                } else {
                    Err(WebhooksError::NotFound(id.to_owned()))
                }
            })
            .await?;
        Ok(())
    }

    /// Gives an endpoint a new secret (shown once); the old one signs
    /// nothing from now on.
    pub async fn rotate_secret(
        &self,
        player: &PlayerId,
        id: &str,
    ) -> Result<Rotated, WebhooksError> {
        let secret = new_secret();
        self.games
            .run_unkeyed(&self.store, async |games, tx| {
                let now = games.time().now();
                if tx.set_webhook_secret(player, id, &secret, now).await? {
                    Ok(Done::value(()))
                } else {
                    Err(WebhooksError::NotFound(id.to_owned()))
                }
            })
            .await?;
        Ok(Rotated {
            endpoint: self.get(player, id).await?,
        })
    }

    /// Queues a `ping` to an endpoint; the delivery.
    pub async fn ping(&self, player: &PlayerId, id: &str) -> Result<DeliveryRow, WebhooksError> {
        let delivery = delivery_id();
        self.games
            .run_unkeyed(&self.store, async |games, tx| {
                tx.webhook(player, id)
                    .await?
                    .ok_or_else(|| WebhooksError::NotFound(id.to_owned()))?;
                let now = games.time().now();
                let data = PingData {
                    endpoint_id: id.to_owned(),
                };
                let payload = body(EventType::Ping, now, data);
                tx.insert_delivery(
                    &delivery,
                    id,
                    EventType::Ping.as_str(),
                    &payload,
                    now,
                    now + RETRY_FOR,
                )
                .await?;
                Ok::<_, WebhooksError>(Done::value(()))
            })
            .await?;
        self.wake.notify_one();
        self.delivery(player, id, &delivery).await
    }

    /// Up to `limit` deliveries of an endpoint, newest first, after the
    /// delivery `after`.
    pub async fn deliveries(
        &self,
        player: &PlayerId,
        id: &str,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Vec<DeliveryRow>, WebhooksError> {
        self.get(player, id).await?;
        Ok(self.store.deliveries_of(id, after, limit).await?)
    }

    /// One delivery of one of the player's endpoints.
    pub async fn delivery(
        &self,
        player: &PlayerId,
        id: &str,
        delivery: &str,
    ) -> Result<DeliveryRow, WebhooksError> {
        self.get(player, id).await?;
        self.store
            .delivery(id, delivery)
            .await?
            .ok_or_else(|| WebhooksError::DeliveryNotFound(delivery.to_owned()))
    }

    /// Makes a delivery due now (a failed one is attempted again, at least
    /// once); the delivery.
    pub async fn retry(
        &self,
        player: &PlayerId,
        id: &str,
        delivery: &str,
    ) -> Result<DeliveryRow, WebhooksError> {
        self.get(player, id).await?;
        self.games
            .run_unkeyed(&self.store, async |games, tx| {
                let now = games.time().now();
                if tx.retry_delivery(id, delivery, now).await? {
                    Ok(Done::value(()))
                } else {
                    Err(WebhooksError::DeliveryNotFound(delivery.to_owned()))
                }
            })
            .await?;
        self.wake.notify_one();
        self.delivery(player, id, delivery).await
    }
}

/// A new endpoint's id: `ep_` and 22 letters and digits.
fn endpoint_id() -> String {
    use rand::distributions::{Alphanumeric, DistString};
    format!(
        "ep_{}",
        Alphanumeric.sample_string(&mut rand::thread_rng(), 22)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_stored_between_commas_in_the_catalogues_order() {
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            events_column(&names(&["game.ended", "game.move", "game.ended"])).unwrap(),
            ",game.move,game.ended,"
        );
        assert_eq!(
            events_of(",game.move,game.ended,"),
            names(&["game.move", "game.ended"])
        );
        assert!(events_column(&[]).is_err());
        assert!(events_column(&names(&["ping"])).is_err());
        assert!(events_column(&names(&["game.moved"])).is_err());
    }
}
