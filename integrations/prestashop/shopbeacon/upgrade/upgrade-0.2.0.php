<?php
/**
 * shopbeacon for PrestaShop: 0.1.0 to 0.2.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.2.0 over 0.1.0: the placed order's hook is new,
 * and registerHook skips the hooks already registered.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_2_0($module)
{
    return $module->registerHook(shopbeacon::HOOKS);
}
