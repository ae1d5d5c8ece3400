# Wishwell in one image: the single executable plus Debian's headless build of Chromium for
# script-heavy shops (and the link-preview images, hence the CJK and emoji fonts). The headless
# build has no desktop UI or compositor: a page costs about 40 % less CPU, and the image is smaller.
# Build: docker build -t wishwell .   Run: docker run -p 3000:3000 -v wishwell-data:/data wishwell

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm install && npm run build

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium-headless-shell fonts-noto-cjk fonts-noto-color-emoji ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data wishwell \
 && mkdir -p /data && chown wishwell /data
COPY --from=build /src/dist/wishwell /usr/local/bin/wishwell
COPY --from=build /src/dist/geoip /usr/local/bin/geoip
USER wishwell
ENV DATA_DIR=/data PORT=3000 HOST=0.0.0.0 CHROMIUM_PATH=/usr/bin/chromium-headless-shell
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD curl -fsS http://127.0.0.1:3000/api/v1/health || exit 1
STOPSIGNAL SIGTERM
ENTRYPOINT ["wishwell"]
CMD ["serve"]
