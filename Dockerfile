# The payments API and the built store for Cloud Run. Every step is in scripts/release.sh, which a test runs
# on a machine without a container engine (test/system/release.test.ts).
FROM node:20-slim AS build
WORKDIR /src
COPY . .
RUN sh scripts/release.sh build && sh scripts/release.sh assemble /release

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
# Production dependencies only, as the lockfile pins them; then the build.
COPY --from=build /release/package.json /release/package-lock.json /app/
COPY --from=build /src/scripts/release.sh /app/scripts/release.sh
RUN sh /app/scripts/release.sh install /app && rm -rf /app/scripts /root/.npm
COPY --from=build /release/dist /app/dist
COPY --from=build /release/dist-prerender /app/dist-prerender
COPY --from=build /release/dist-server /app/dist-server
USER node
EXPOSE 8080
CMD ["node", "dist-server/server.cjs"]
