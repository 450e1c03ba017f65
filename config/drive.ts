import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import { fileUrlBuilder } from '#services/files/url_builder'

/**
 * Files are private on every disk: clients receive signed URLs that
 * expire (SIGNED_URL_TTL), never a public path. The `fs` disk is served
 * by our own route, GET /api/v1/files/* (FilesController): signature,
 * path and link checks, download headers.
 */
const driveConfig = defineConfig({
  default: env.get('DRIVE_DISK', 'fs'),

  services: {
    fs: () =>
      new FSDriver({
        location: app.makePath(env.get('DRIVE_FS_ROOT', 'storage')),
        visibility: 'private',
        urlBuilder: fileUrlBuilder,
      }),
    s3: services.s3({
      credentials: {
        accessKeyId: env.get('S3_ACCESS_KEY_ID', ''),
        secretAccessKey: env.get('S3_SECRET_ACCESS_KEY', ''),
      },
      region: env.get('S3_REGION', 'us-east-1'),
      bucket: env.get('S3_BUCKET', ''),
      endpoint: env.get('S3_ENDPOINT'),
      forcePathStyle: Boolean(env.get('S3_ENDPOINT')),
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
