import type { JsonShape } from '#support/json_shape'
import { NOTIFICATION_SHAPE } from '#dtos/notification_dto'
import { CONTRACT_RECORD_SHAPE } from '#dtos/contract_dto'
import { TEAM_MEMBER_LIST_ITEM_SHAPE, TEAM_MEMBER_SHAPE } from '#dtos/team_member_dto'
import { PROVIDER_LIST_ITEM_SHAPE } from '#dtos/provider_list_item_dto'
import { COMPLIANCE_FLOW_SHAPE } from '#dtos/compliance_flow_dto'
import { PROVIDER_COMPLIANCE_SHAPE } from '#dtos/provider_compliance_dto'

/**
 * The response shapes declared with jsonShape: the served OpenAPI document
 * takes their component schemas from here (the YAML does not repeat them),
 * nested shapes included.
 */
export const RESPONSE_SHAPES: JsonShape<any>[] = [
  NOTIFICATION_SHAPE,
  CONTRACT_RECORD_SHAPE,
  TEAM_MEMBER_SHAPE,
  TEAM_MEMBER_LIST_ITEM_SHAPE,
  PROVIDER_LIST_ITEM_SHAPE,
  COMPLIANCE_FLOW_SHAPE,
  PROVIDER_COMPLIANCE_SHAPE,
]
