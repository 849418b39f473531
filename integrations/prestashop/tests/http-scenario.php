<?php
/**
 * run-scenario.php behind PHP's own web server (`php -S 127.0.0.1:<port> http-scenario.php`): the
 * scenario is the request's body, and the response's headers are the ones the module set, which a
 * CLI run cannot show (its `headers_list()` is empty): the proof cookie's `Set-Cookie`.
 */
$argv = [__FILE__, (string) file_get_contents('php://input')];
require __DIR__ . '/run-scenario.php';
