<?php
/**
 * shopbeacon for PrestaShop: to 0.6.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.6.0 over an older version: the table of what led
 * to each cart line (ShopbeaconAttribution) is new, and so is the hook that reads the page's
 * recommendation blocks (`actionOutputHTMLBefore`). Both steps may run again (an upload made again
 * after a failure): the table is created only if it does not exist, and registerHooksOnUpgrade
 * skips the hooks already registered. registerHooksOnUpgrade, not registerHook: PrestaShop 9's
 * Module Manager hands this script an instance without its id, for which registerHook registers
 * nothing.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_6_0($module)
{
    return Db::getInstance()->execute(ShopbeaconAttribution::createTableSql())
        && $module->registerHooksOnUpgrade();
}
