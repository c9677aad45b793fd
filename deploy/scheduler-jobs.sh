#!/bin/sh
# Cloud Scheduler's jobs for the API (docs/deploying.md, step 6): each POSTs one bounded pass of background work
# every minute (the nightly check of the books once a night, after the store's midnight), with the scheduler's
# service account's OIDC token for the service's address. Run once per project:
#   PROJECT_ID=… SERVICE_URL=https://… sh deploy/scheduler-jobs.sh
set -eu
: "${PROJECT_ID:?set PROJECT_ID}" "${SERVICE_URL:?set SERVICE_URL (the Cloud Run service's address)}"
REGION="${REGION:-australia-southeast1}"
# The sweep of open orders, the mail outbox, and the events for the game's server.
JOBS="sweep mail game-events"
# The check of yesterday's books (docs/operations.md, The books), at 01:30 in the store's time zone.
NIGHTLY_JOBS="books"
schedule() {
  gcloud scheduler jobs create http "wyrmcrown-$1" --location "$REGION" --schedule="$2" --time-zone="${STORE_TIME_ZONE:-Australia/Sydney}" \
    --uri="$SERVICE_URL/api/jobs/$1" --http-method=POST \
    --oidc-service-account-email="wyrmcrown-scheduler@$PROJECT_ID.iam.gserviceaccount.com" --oidc-token-audience="$SERVICE_URL"
}
for job in $JOBS; do schedule "$job" '* * * * *'; done
for job in $NIGHTLY_JOBS; do schedule "$job" '30 1 * * *'; done
