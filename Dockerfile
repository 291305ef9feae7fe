# One image for every process of the service (server, worker, bot); the command picks the role.
FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libreoffice-writer-nogui libreoffice-impress-nogui fonts-liberation2 poppler-utils \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json turbo.json tsconfig.base.json ./
COPY contract/package.json contract/
COPY api/package.json api/
COPY paper/package.json paper/
COPY bot/package.json bot/
COPY web/package.json web/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build -w web
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8000
EXPOSE 8000
RUN mkdir -p /data && chown node:node /data
USER node
# The same command as `npm start` (its Node flags included); compose picks the mode.
CMD ["node", "scripts/service.mjs", "server"]
