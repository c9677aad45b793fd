#!/bin/sh
# Cloud Scheduler's jobs for the API (docs/deploying.md, step 6): each POSTs one bounded pass of background work
# every minute, with the scheduler's service account's OIDC token for the service's address. Run once per project:
#   PROJECT_ID=… SERVICE_URL=https://… sh deploy/scheduler-jobs.sh
set -eu
: "${PROJECT_ID:?set PROJECT_ID}" "${SERVICE_URL:?set SERVICE_URL (the Cloud Run service's address)}"
REGION="${REGION:-australia-southeast1}"
# The sweep of open orders, the mail outbox, and the events for the game's server.
JOBS="sweep mail game-events"
for job in $JOBS; do
  gcloud scheduler jobs create http "wyrmcrown-$job" --location "$REGION" --schedule='* * * * *' \
    --uri="$SERVICE_URL/api/jobs/$job" --http-method=POST \
    --oidc-service-account-email="wyrmcrown-scheduler@$PROJECT_ID.iam.gserviceaccount.com" --oidc-token-audience="$SERVICE_URL"
done
