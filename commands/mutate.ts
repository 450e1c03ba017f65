import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { freePort, startEmbeddedCluster } from '#database/embedded/cluster'
import { testFilesFor } from '#tests/support/mutation_areas'

/**
 * `npm run mutate -- <module...>`: mutation testing with StrykerJS
 * (docs/testing.md). Only the given modules are mutated, and each mutant
 * runs the test files of their area (or `--tests`). One PostgreSQL serves
 * the run; each mutant's tests get a fresh database of their Stryker worker
 * (bin/mutation_test.mjs), so a mutant costs a test run, not a cluster start. Reports: reports/mutation/.
 */
export default class Mutate extends BaseCommand {
  static commandName = 'mutate'
  static description = 'Mutation-test the given modules against the tests of their area'
  static options: CommandOptions = { startApp: false, allowUnknownFlags: false }

  @args.spread({
    description:
      'Modules to mutate (paths, globs or path:lines, e.g. app/models/contract.ts:126-144)',
  })
  declare modules: string[]

  @flags.array({ description: 'Test files or folders to run instead of the area tests' })
  declare tests?: string[]

  @flags.number({ description: 'Parallel Stryker workers', default: 2 })
  declare concurrency: number

  @flags.string({ description: 'Report name (reports/mutation/<name>.html|json)' })
  declare name?: string

  async run() {
    /** `app/models/contract.ts:126-144` mutates only those lines (Stryker's range syntax) */
    const files = this.modules.map((module) => module.replace(/:\d+(:\d+)?-\d+(:\d+)?$/, ''))
    const missing = files.filter((file) => !file.includes('*') && !existsSync(file))
    if (missing.length) {
      this.logger.error(`No such module: ${missing.join(', ')}`)
      this.exitCode = 1
      return
    }
    /** A folder given to --tests means its spec files (Japa's `<folder>/*` filter) */
    const testFiles = this.tests?.length
      ? this.tests.map((test) =>
          existsSync(test) && statSync(test).isDirectory() ? `${test.replace(/\/$/, '')}/*` : test
        )
      : testFilesFor(files)
    this.logger.info(`mutating ${this.modules.join(', ')}`)
    this.logger.info(`against ${testFiles.length ? testFiles.join(', ') : 'the whole suite'}`)

    /** Per report name: two runs from one checkout never share a cluster or a sandbox */
    const name = this.name ?? this.#defaultName()
    const cluster = await startEmbeddedCluster({
      dataDir: `tmp/mutate-db-${name}`,
      port: await freePort(),
      database: 'mutate_template',
      persistent: false,
    })
    try {
      const configFile = await this.#writeConfig(name, testFiles)
      this.exitCode = await this.#stryker(configFile)
    } finally {
      await cluster.stop()
    }
  }

  async #writeConfig(name: string, testFiles: string[]) {
    const files = testFiles.map((file) => `--files '${file}'`).join(' ')
    const config = {
      $schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
      mutate: this.modules,
      testRunner: 'command',
      commandRunner: {
        /**
         * A fresh database per run for the worker, then Japa directly (no Ace in
         * between); `--bail` stops at the first failure: a killed mutant costs less
         */
        command: `node bin/mutation_test.mjs --bail ${files}`,
      },
      checkers: ['typescript'],
      tsconfigFile: 'tsconfig.json',
      typescriptChecker: { prioritizePerformanceOverAccuracy: true },
      coverageAnalysis: 'off',
      concurrency: this.concurrency,
      timeoutMS: 30_000,
      ignorePatterns: ['tmp', 'storage', 'build', 'reports', 'coverage'],
      reporters: ['clear-text', 'progress', 'html', 'json'],
      htmlReporter: { fileName: `reports/mutation/${name}.html` },
      jsonReporter: { fileName: `reports/mutation/${name}.json` },
      clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
      tempDirName: `tmp/stryker-${name}`,
      cleanTempDir: true,
    }
    await mkdir('tmp', { recursive: true })
    const file = `tmp/stryker.${name}.config.json`
    await writeFile(file, JSON.stringify(config, null, 2))
    return file
  }

  #defaultName() {
    const first = this.modules[0].replace(/^app\//, '').replace(/\.ts(:.*)?$/, '')
    return first.replace(/[^a-z0-9]+/gi, '_') + (this.modules.length > 1 ? '_and_more' : '')
  }

  #stryker(configFile: string) {
    return new Promise<number>((resolve) => {
      spawn(
        process.execPath,
        ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', configFile],
        {
          stdio: 'inherit',
          env: process.env,
        }
      ).on('exit', (code) => resolve(code ?? 1))
    })
  }
}
