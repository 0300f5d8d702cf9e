# Build: the release binary, with the migrations embedded in it.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
# The whole context (see .dockerignore): the manifest names bench and example
# targets, and cargo refuses a manifest whose declared targets are missing.
COPY . .
RUN cargo build --profile release-lto --locked --bin oanquan

# Run: slim Debian, unprivileged user, curl for the health check.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install --yes --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --create-home --home-dir /var/lib/oanquan oanquan
COPY --from=build /src/target/release-lto/oanquan /usr/local/bin/oanquan
USER oanquan
# The default SQLite file (sqlite://oanquan.db) lands here, owned by oanquan.
WORKDIR /var/lib/oanquan
ENV OANQUAN_BIND=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/oanquan"]
CMD ["serve"]
