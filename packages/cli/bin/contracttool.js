#!/usr/bin/env node
// The command lives in dist/cli.js, built by tsup. This file is committed so that package managers can link
// the bin when they install the workspace, before anything is built.
import '../dist/cli.js'
