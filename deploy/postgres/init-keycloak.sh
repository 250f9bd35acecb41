#!/bin/sh
# Run once by the postgres image on an empty data folder (docker-compose.yml):
# Keycloak's own role and database beside the portal's.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<EOSQL
CREATE ROLE keycloak LOGIN PASSWORD '$KEYCLOAK_DB_PASSWORD';
CREATE DATABASE keycloak OWNER keycloak;
EOSQL
